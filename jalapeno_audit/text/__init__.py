"""What a written figure means (intervals, hedges) and how figures read in prose."""
