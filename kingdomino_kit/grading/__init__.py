"""Collecting and grading the students' notebooks: ``kingdomino-kit grade``.

- :mod:`.answers` — an answer as plain data (JSON) between a submission's kernel and the
  grader, and back;
- :mod:`.recorder` — what the grader puts into a submission's kernel: it records every
  ``check(n, answer)`` answer before the student's ``check`` sees it;
- :mod:`.rewrite` — the submission's cells with each ``check(n, answer)`` call site wrapped;
- :mod:`.run` — one submission in a fresh kernel, cell by cell, each under a timeout;
- :mod:`.gradebook` — the verdicts as rows (``student``, ``notebook``, ``exercise``,
  ``points``, ``max_points``, ``status``, ``message``), a summary and feedback pages.

The grader computes every verdict itself, from what the submission answered: plain answers
(numbers, fractions, text, tuples …) travel back as data and are judged in the grading
process by a fresh checker; answers that cannot travel (a function, a board) are judged in the
submission's kernel by a checker the grader made there before any of the student's code ran.
What the student's notebook printed is never read. How to use it: ``docs/grading.md``.
"""
