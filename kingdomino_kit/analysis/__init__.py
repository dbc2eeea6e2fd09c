"""Analysis at scale: the kit's results as pandas tables."""
