from a import b,
