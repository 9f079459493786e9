"""Developers' tools: benchmarks and the translation lint the tests use. The site never imports them."""
