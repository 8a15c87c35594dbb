"""Reading claims: YAML with written text and lines, field declarations, the strict loader, the cache."""
