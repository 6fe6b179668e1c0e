"""Finding and reading dice in images. Knows faces and pixels, never the rules of the game."""
