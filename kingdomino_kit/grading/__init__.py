"""Collecting and grading the students' notebooks: ``kingdomino-kit grade``.

- :mod:`.plain_data` — an answer as plain data (JSON) between a submission's kernel and the
  grader, and back;
- :mod:`.recorder` — what the grader puts into a submission's kernel: it records every
  ``check(n, answer)`` answer before the student's ``check`` sees it;
- :mod:`.rewrite` — the submission's cells with each ``check(n, answer)`` call site wrapped;
- :mod:`.remote` — function answers judged by the grader, calling into the kernel;
  :mod:`.travel` — the grader's test inputs on their way in;
- :mod:`.boards` — board exercises judged on the play saved in the notebook;
- :mod:`.run` — one submission in a fresh kernel, cell by cell, each under a timeout;
- :mod:`.gradebook` — the verdicts as rows (``student``, ``notebook``, ``exercise``,
  ``points``, ``max_points``, ``status``, ``message``), a summary and feedback pages.

The grader computes every verdict itself, in its own process, from what the submission
answered: plain answers (numbers, fractions, text, tuples …) travel back as data and are judged
by a fresh checker; a function stays in the kernel and the grader calls it on its own inputs,
comparing what comes back (:mod:`.remote`); a board travels as its play — saved in the notebook
when the student checked it (:mod:`.boards`) — and is replayed by the rules. What the student's
notebook printed is never read. How to use it: ``docs/grading.md``.
"""
