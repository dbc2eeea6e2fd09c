"""Speed figures of the kit (``make bench``): each ``bench_*.py`` module's ``main()`` prints JSON
lines ``{"benchmark": name, ...figures}``. Benchmarks are never timed tests."""
