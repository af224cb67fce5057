"""The PyRule parser: Lark LALR with an indentation post-lexer, built once per process."""

from __future__ import annotations

from functools import cache
from typing import ClassVar

from lark import Lark, Token, Tree
from lark.indenter import Indenter

from promptlint import resources

__all__ = ["PyRuleIndenter", "get_parser", "parse"]


class PyRuleIndenter(Indenter):
    NL_type = "_NL"
    OPEN_PAREN_types: ClassVar[list[str]] = ["LPAR", "LSQB", "LBRACE"]
    CLOSE_PAREN_types: ClassVar[list[str]] = ["RPAR", "RSQB", "RBRACE"]
    INDENT_type = "_INDENT"
    DEDENT_type = "_DEDENT"
    tab_len = 8


@cache
def get_parser(positions: bool = False) -> Lark:
    return Lark(
        resources.grammar_text(),
        parser="lalr",
        postlex=PyRuleIndenter(),
        propagate_positions=positions,
        maybe_placeholders=True,
        # the LALR tables are cached in the temp dir, keyed by a hash of grammar and options
        cache=True,
    )


def parse(text: str, *, positions: bool = False) -> Tree[Token]:
    """Parse PyRule text; raises ``lark.exceptions.UnexpectedInput`` on a syntax error.

    Without ``positions`` only tokens carry positions: propagating them to every node is a
    third of the parse time, and a valid file needs only a few spans, which the compiler
    reads off its tokens. A compile error is located on a tree parsed with them."""
    if not text.endswith("\n"):
        text += "\n"
    return get_parser(positions).parse(text)
