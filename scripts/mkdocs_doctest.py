"""A Markdown extension for the documentation site (mkdocs.yml): interactive examples written bare in
docstrings (``>>>`` lines and the output after them, up to a blank line) become ``pycon`` code blocks,
as the doctest runner reads them, instead of running text. Lines inside ``` fences are left alone."""

from __future__ import annotations

from markdown import Extension, Markdown
from markdown.preprocessors import Preprocessor


class DoctestBlocks(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        in_fence = in_example = False
        for line in lines:
            stripped = line.lstrip()
            if in_example and not stripped:
                out.append("```")
                in_example = False
            if not in_example and stripped.startswith("```"):
                in_fence = not in_fence
            elif not in_fence and not in_example and stripped.startswith(">>>"):
                out.extend(["", "```pycon"])
                in_example = True
            out.append(line[len(line) - len(stripped) :] if in_example else line)
        if in_example:
            out.append("```")
        return out


class DoctestExtension(Extension):
    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - the Markdown API's name
        # Before fenced_code (priority 25), which turns the new fences into code blocks.
        md.preprocessors.register(DoctestBlocks(md), "tabeq_doctest_blocks", 30)


def makeExtension(**kwargs: object) -> DoctestExtension:  # noqa: N802 - the Markdown API's name
    return DoctestExtension(**kwargs)
