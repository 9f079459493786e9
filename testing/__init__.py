"""What the tests share beyond fixtures: factory-boy factories and the lines of the puzzles they build. A
package at the project's root, since pytest's importlib mode lets no test file import another, and the name
`tests` is taken in site-packages by the glicko2 wheel."""
