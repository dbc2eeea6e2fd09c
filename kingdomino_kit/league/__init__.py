"""A bot league for a class: bots as separate programs speaking a line protocol, each in its
own process with a time budget and a memory ceiling, ranked on paired deals with intervals.

- :mod:`.state` — a position as JSON (the observation a bot sees, the full state ``state``
  prints), its legal actions with indices, the text commands ``PUT x y r`` / ``PICK id``;
- :mod:`.protocol` — the protocol's messages, its version and the replies it accepts;
- :mod:`.runner` — the bot side for a Python file defining ``choose(observation, actions)``;
- :mod:`.process` — a bot program run confined: limits, strikes, forfeits, nothing left running;
- :mod:`.entrants` — the league's entrants: the kit's bots by name, files of students;
- :mod:`.play` — one game of a league, its rows and its log;
- :mod:`.league` — the whole league, resumable, and its table;
- :mod:`.pairwise` — the "A beats B" table with its lower bound;
- :mod:`.exports` — Gradescope's and PrairieLearn's ``results.json``.
"""
