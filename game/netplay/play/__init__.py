"""A game of Canasta played over the session: agreeing on the rules, the commit-reveal deal, the
play protocol and its messages, the guest's view on the wire, chat, and the peer driver with the
sources of its decisions (a person, the computer)."""
