"""The plumbing every part of the kit shares and no rule depends on: files written atomically
(:mod:`.atomic`), untrusted input read within limits (:mod:`.untrusted`), typed tables as CSV or
Parquet (:mod:`.tables`), many tasks run here, in local processes or on Dask (:mod:`.parallel`),
and long runs written to files that survive an interruption (:mod:`.resumable`)."""
