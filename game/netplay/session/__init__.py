"""The reliable session between host and guest, sans-I/O: who may connect (the join code, the
key exchange and its sealed channel, the HELLO that names a player and resumes a game) and how
payloads arrive exactly once and in order (sequence numbers, acks, retransmission timing)."""
