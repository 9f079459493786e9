"""Play's pages, one module for each family: starting a game, the game page and its actions, playing again,
watching, records, My games."""
