"""The puzzle page served to one laptop or a whole class: the server and its gate
(:mod:`.app`), the page a student's kernel runs (:mod:`.page`), the server's own HTML pages
(:mod:`.pages`) and the class's progress in SQLite (:mod:`.progress`). Voilà and Jupyter's
server are loaded only by :mod:`.app`."""
