"""Print one of the README's commands, exactly as a reader copies it: the first fenced block
after the line that starts with the bold label (`**Play**`, `**Run the tests**`).

`.ci/run` runs what this prints, so CI and the README cannot drift apart."""

from __future__ import annotations

import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def readme_command(label: str, text: str) -> str:
    lines = text.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(f"**{label}**")]
    if not starts:
        raise LookupError(f"the README has no line starting with **{label}**")
    fence = next(i for i in range(starts[0] + 1, len(lines)) if lines[i].startswith("```"))
    end = next(i for i in range(fence + 1, len(lines)) if lines[i].startswith("```"))
    command = "\n".join(lines[fence + 1 : end]).strip()
    if not command:
        raise LookupError(f"the block after **{label}** is empty")
    return command


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python .ci/readme_command.py LABEL", file=sys.stderr)
        return 2
    try:
        print(readme_command(argv[0], README.read_text(encoding="utf-8")))
    except (LookupError, StopIteration) as exc:
        print(f"README: {exc or 'no fenced block after the label'}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
