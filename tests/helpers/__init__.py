"""Helpers shared by test modules: scenarios, UI event posting, network pairs. Test modules import
from here, never from one another or from a conftest."""
