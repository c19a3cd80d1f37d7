"""The package list, which pyproject.toml cannot give: every package found under game/, plus
`game.assets`, whose files live in the top-level assets/ folder (mapped in pyproject.toml's
[tool.setuptools.package-dir]). Everything else about the build is in pyproject.toml."""

from setuptools import find_packages, setup

setup(packages=[*find_packages(include=["game", "game.*"]), "game.assets"])
