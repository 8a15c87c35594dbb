"""The one error type the core raises, and the exit codes the CLI turns it into."""

from __future__ import annotations

from dataclasses import dataclass

EXIT_OK, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2
#: Problems reported per file; the rest are counted in one closing line.
MAX_PROBLEMS_PER_FILE = 50


@dataclass(frozen=True, slots=True, order=True)
class Problem:
    """One thing wrong with the input, pointing at a file and line."""

    path: str  # the file as the user named it (or as found under the directory they named)
    line: int  # 1-based; 1 where the problem concerns the whole file
    message: str  # what is wrong, and the closest valid value where there is one

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


class AuditError(Exception):
    """Input the tool cannot work with: bad files, bad options. Exit code 2."""

    def __init__(self, problems: list[Problem] | str) -> None:
        if isinstance(problems, str):
            self.problems: list[Problem] = []
            self.text = problems
        else:
            self.problems = sorted(problems)
            self.text = "\n".join(str(p) for p in self.problems)
        super().__init__(self.text)


def capped(problems: list[Problem], limit: int = MAX_PROBLEMS_PER_FILE) -> list[Problem]:
    """The first ``limit`` problems of one file, and a line saying how many more there are."""
    if len(problems) <= limit:
        return problems
    ordered = sorted(problems)
    first_left_out = ordered[limit]
    more = f"and {len(problems) - limit:,} more problems in this file, the first of them here (fix these first)"
    return ordered[:limit] + [Problem(first_left_out.path, first_left_out.line, more)]
