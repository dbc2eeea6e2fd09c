"""The speed layer of the drafting game, in a room of its own: the same games and values as the
readable engine, faster. ``switch`` says whether the compiled engine (the optional extra
``fast``, numba) is in use; ``primitives`` holds the compiled primitives every kernel shares;
``greedy`` the greedy player's values computed fast; ``play`` whole games between random and
greedy seats; ``compiled`` the same games and the Monte Carlo playouts compiled (kernels
``greedy_kernels`` and ``playout_kernels``); ``support`` the one door: what the compiled
kernels play of the rules (``supports``, ``kernel_bonuses``), built from the rules' own table.
Nothing here imports a bot class or the endgame: the callers above pass each seat's
parameters. Nothing is imported here, so that asking ``switch`` stays light."""
