"""A game of Canasta played over the session: agreeing on the rules, each seat's hand on the
peek-proof deal, the play protocol and its messages, chat, and the peer driver with the sources
of its decisions (a person, the computer)."""
