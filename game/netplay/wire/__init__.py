"""What travels on the wire, read and written strictly: frames and their length prefixes, the
msgpack field checks, the session's own messages (the key exchange, HELLO, DATA, ACK, ...), the
kinds of payload they carry, and the cleaning of any text that came from the other player."""
