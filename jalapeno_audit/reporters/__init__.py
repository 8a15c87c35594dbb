"""One module per output format, each a pure ``render(report) -> str``."""
