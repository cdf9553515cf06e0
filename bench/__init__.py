"""Benchmarks and fault drills (run by hand: ``python -m bench.run_all``)."""
