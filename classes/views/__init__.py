"""The classes' pages, one module for each family: the classes home and a teacher's class, joining and
leaving, students, assignments, log-in cards, results, teaching together, the leaderboard; `reach.py` finds
what a request may reach."""
