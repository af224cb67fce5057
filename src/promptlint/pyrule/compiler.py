"""Compile a PyRule parse tree into :class:`~promptlint.objects.EncodedRule` values.

The compiler walks the tree top-down (a lark ``Interpreter``-style walk with explicit
child visits, so enclosing ``if`` conditions can be threaded) and never executes or
imports anything: string literals are decoded with :func:`ast.literal_eval`, which
only accepts literals.

Compilation rules (DESIGN §4, WIRE App. C.5): an unconditional signed call emits one
clause; a call inside a branch emits a clause whose activation is the branch condition
(for ``elif``/``else``, also the negation of every earlier condition) conjoined with
the enclosing conditions. Every construct is finite, so compilation terminates.
"""

from __future__ import annotations

import ast
import difflib
import re
from collections.abc import Iterable, Sequence
from typing import NoReturn

from lark import Token, Tree

from promptlint.errors import PyRuleError
from promptlint.objects import (
    And,
    Clause,
    Compare,
    Condition,
    Const,
    EncodedRule,
    Extract,
    ListTerm,
    Not,
    Or,
    Pred,
    Ref,
    Span,
    Term,
    TrueCond,
)
from promptlint.pyrule.vocabulary import SIGNS, Param, Vocabulary, load_vocabulary

__all__ = ["compile_tree", "conjoin"]

_RULE_ID = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_SPAN = re.compile(r"^(\d+)-(\d+)$")
_SHA = re.compile(r"^[0-9a-f]{8}$")
_ORIGINS = ("offline", "llm", "manual")
_DANGEROUS = {
    "exec", "eval", "open", "compile", "__import__", "getattr", "setattr", "delattr",
    "globals", "locals", "vars", "input", "print", "breakpoint", "help", "dir", "type",
    "object", "super", "memoryview", "format",
}  # fmt: skip
_REJECTED_STMT = {
    "assign_stmt": ("assignment is not allowed in PyRule", "state conditions inline instead"),
    "augassign_stmt": ("assignment is not allowed in PyRule", "state conditions inline instead"),
    "import_stmt": ("imports are not allowed in PyRule", "PyRule only uses its vocabulary"),
    "return_stmt": (
        "`return` is not allowed in PyRule",
        "a rule body only holds signed calls and if/elif/else",
    ),
    "for_stmt": ("loops are not allowed in PyRule", "write one signed call per behaviour"),
    "while_stmt": ("loops are not allowed in PyRule", "write one signed call per behaviour"),
    "nested_def": (
        "nested function definitions are not allowed in PyRule",
        "define each rule as a top-level @rule function",
    ),
    "with_stmt": ("`with` is not allowed in PyRule", "a rule body only holds signed calls"),
    "try_stmt": ("`try` is not allowed in PyRule", "a rule body only holds signed calls"),
}
_COMP_OPS = {"==", "!=", "<", "<=", ">", ">=", "in", "not in"}


def conjoin(conds: Iterable[Condition]) -> Condition:
    """AND of conditions, flattening nested ``And`` and dropping ``True``."""
    items: list[Condition] = []
    for c in conds:
        if isinstance(c, TrueCond):
            continue
        if isinstance(c, And):
            items.extend(c.items)
        else:
            items.append(c)
    if not items:
        return TrueCond()
    if len(items) == 1:
        return items[0]
    return And(tuple(items))


def _subtree(node: Tree[Token] | Token | None) -> Tree[Token]:
    """Narrow a parse-tree child that the grammar makes a subtree (lark types it loosely)."""
    if not isinstance(node, Tree):  # pragma: no cover - grammar and compiler mirror each other
        raise TypeError(f"expected a parse subtree, got {node!r}")
    return node


def _pos(node: Tree[Token] | Token) -> tuple[int, int, int, int]:
    if isinstance(node, Tree) and not getattr(node.meta, "empty", True):
        meta = node.meta
        return (meta.line, meta.column, meta.end_line, meta.end_column)
    first, last = _edge_token(node, 0), _edge_token(node, -1)
    if first is None or last is None:
        return (1, 1, 1, 1)
    return (
        first.line or 1,
        first.column or 1,
        last.end_line or last.line or 1,
        last.end_column or (last.column or 1) + len(last),
    )


def _edge_token(node: Tree[Token] | Token, end: int) -> Token | None:
    if isinstance(node, Token):
        return node
    children = node.children if end == 0 else reversed(node.children)
    for child in children:
        if isinstance(child, (Tree, Token)):
            found = _edge_token(child, end)
            if found is not None:
                return found
    return None


_NEWLINES = re.compile(r"(?:\r?\n[\t ]*|#[^\n]*)+")


def _tokens(node: Tree[Token] | Token) -> list[Token]:
    return (
        [node]
        if isinstance(node, Token)
        else list(node.scan_values(lambda v: isinstance(v, Token)))
    )


def _depth(text: str, start: int, end: int, quoted: list[Token]) -> int:
    """Open brackets left unclosed in ``text[start:end]``, string literals skipped."""
    depth, pos = 0, start
    for tok in sorted(quoted, key=lambda t: t.start_pos or 0):
        depth += _balance(text[pos : tok.start_pos])
        pos = tok.end_pos or pos
    return depth + _balance(text[pos:end])


def _balance(chunk: str) -> int:
    return sum(chunk.count(c) for c in "([{") - sum(chunk.count(c) for c in ")]}")


def _line_col(text: str, offset: int) -> tuple[int, int]:
    """1-based line and column of ``offset`` (the column of an end: one past the last)."""
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


class _Compiler:
    def __init__(self, text: str, path: str, vocab: Vocabulary) -> None:
        self.text = text
        self.path = path
        self.vocab = vocab

    # ------------------------------------------------------------------ errors

    def error(
        self, node: Tree[Token] | Token | None, message: str, hint: str | None = None
    ) -> NoReturn:
        line, col = (None, None) if node is None else _pos(node)[:2]
        raise PyRuleError(message, path=self.path, line=line, column=col, hint=hint)

    def span(self, node: Tree[Token] | Token) -> Span:
        first, last = _edge_token(node, 0), _edge_token(node, -1)
        positioned = isinstance(node, Tree) and not getattr(node.meta, "empty", True)
        if (positioned or first is None or last is None
                or first.start_pos is None or last.end_pos is None):  # fmt: skip
            return Span(self.path, *_pos(node))
        # the tree was parsed without node positions (see parser.parse): a node's anonymous
        # tokens ("@", closing brackets) are not in it, so its edges are taken from the text
        text, start, end = self.text, first.start_pos, last.end_pos
        if isinstance(node, Tree) and node.data == "decorator":
            start = text.rfind("@", 0, start)
        line, col = _line_col(text, start)
        quoted = [t for t in _tokens(node) if t.type in ("STRING", "LONG_STRING")]
        depth = _depth(text, start, end, quoted)
        while depth > 0 and end < len(text):
            ch = text[end]
            if ch in ")]}":
                depth -= 1
            elif ch in "([{":
                depth += 1
            elif not ch.isspace():
                break
            end += 1
        if isinstance(node, Tree) and node.data == "decorator":
            newline = _NEWLINES.match(text, end)  # a decorator's line ends with its _NL token
            end = newline.end() if newline else end
        end_line, end_col = _line_col(text, end)
        return Span(self.path, line, col, end_line, end_col)

    # ------------------------------------------------------------------ rules

    def compile(self, tree: Tree[Token]) -> tuple[EncodedRule, ...]:
        rules: list[EncodedRule] = []
        seen: dict[str, int] = {}
        for child in tree.children:
            if not isinstance(child, Tree):
                continue
            rule = self.rule_def(child)
            if rule.id in seen:
                self.error(
                    child,
                    f"duplicate rule id {rule.id!r} (first defined on line {seen[rule.id]})",
                    "give every rule a unique id",
                )
            seen[rule.id] = _pos(child)[0]
            rules.append(rule)
        return tuple(rules)

    def rule_def(self, tree: Tree[Token]) -> EncodedRule:
        *decorators, funcdef = tree.children
        if len(decorators) != 1:
            self.error(decorators[1], "a rule takes exactly one decorator, @rule(...)")
        rule_id, lines, sha, origin = self.decorator(_subtree(decorators[0]))
        name_tok, params, suite = _subtree(funcdef).children
        if name_tok != rule_id:
            self.error(
                name_tok,
                f"function name {str(name_tok)!r} does not match the rule id {rule_id!r}",
                f"write `def {rule_id}(ctx):`",
            )
        names = (
            [] if params is None else [str(p) for p in _subtree(params).children if p is not None]
        )
        if names != ["ctx"]:
            self.error(
                params or name_tok,
                "a rule function takes exactly one parameter, `ctx`",
                f"write `def {rule_id}(ctx):`",
            )
        stmts = self.suite_stmts(_subtree(suite))
        quote = self.docstring(stmts, name_tok)
        clauses: list[Clause] = []
        self.block(stmts[1:], [], rule_id, clauses, top=True)
        return EncodedRule(
            id=rule_id,
            quote=quote,
            lines=lines,
            sha=sha,
            clauses=tuple(clauses),
            pyrule_span=self.span(decorators[0]),
            origin=origin,
        )

    def decorator(self, tree: Tree[Token]) -> tuple[str, tuple[int, int] | None, str | None, str]:
        dotted, args = tree.children
        name = ".".join(str(t) for t in _subtree(dotted).children)
        if name != "rule":
            self.error(dotted, f"unknown decorator @{name}", 'use @rule("r1", span="3-4")')
        if args is None:
            self.error(tree, "@rule needs the rule id", 'write @rule("r1")')
        positional, keywords = self.split_args(args)
        if len(positional) != 1:
            self.error(tree, "@rule takes exactly one positional argument, the rule id")
        rule_id = self.const_str(positional[0], "rule id")
        if not _RULE_ID.match(rule_id):
            self.error(positional[0], f"invalid rule id {rule_id!r}", "use ids such as r1, r13")
        lines = sha = None
        origin = "manual"
        for key, (knode, vnode) in keywords.items():
            value = self.const_str(vnode, key)
            if key == "span":
                m = _SPAN.match(value)
                if not m or int(m[1]) < 1 or int(m[1]) > int(m[2]):
                    self.error(
                        vnode, f"invalid span {value!r}", 'write span="first-last", e.g. "3-4"'
                    )
                lines = (int(m[1]), int(m[2]))
            elif key == "sha":
                if not _SHA.match(value):
                    self.error(vnode, f"invalid sha {value!r}", "sha is 8 lower-case hex digits")
                sha = value
            elif key == "origin":
                if value not in _ORIGINS:
                    self.error(vnode, f"invalid origin {value!r}", f"one of {', '.join(_ORIGINS)}")
                origin = value
            else:
                self.error(knode, f"unknown @rule argument {key!r}", "use span=, sha= or origin=")
        return rule_id, lines, sha, origin

    def suite_stmts(self, suite: Tree[Token]) -> list[Tree[Token]]:
        stmts = [suite.children[0]] if suite.data == "inline_suite" else suite.children
        flat: list[Tree[Token]] = []
        for stmt in stmts:
            if not isinstance(stmt, Tree):
                continue
            if stmt.data == "simple_stmt":
                # `a; b` on one line: one statement each, so the docstring is the first
                flat += [Tree("simple_stmt", [s]) for s in stmt.children if isinstance(s, Tree)]
            else:
                flat.append(stmt)
        return flat

    def docstring(self, stmts: list[Tree[Token]], at: Tree[Token] | Token) -> str:
        first = stmts[0] if stmts else None
        if first is not None and first.data == "simple_stmt":
            small = [c for c in first.children if isinstance(c, Tree)]
            if small and small[0].data == "expr_stmt":
                expr = small[0].children[0]
                if isinstance(expr, Tree) and expr.data == "strings":
                    return self.string_value(expr)
        self.error(
            first or at,
            "a rule needs a docstring holding the source quote",
            'start the body with the quote, e.g. "Always answer in English."',
        )

    # ------------------------------------------------------------------ statements

    def block(
        self,
        stmts: Sequence[Tree[Token]],
        conds: list[Condition],
        rule: str,
        out: list[Clause],
        top: bool,
    ) -> None:
        for stmt in stmts:
            if stmt.data == "simple_stmt":
                for small in stmt.children:
                    if isinstance(small, Tree):
                        self.small_stmt(small, conds, rule, out)
            elif stmt.data == "if_stmt":
                self.if_stmt(stmt, conds, rule, out)
            elif stmt.data in _REJECTED_STMT:
                msg, hint = _REJECTED_STMT[stmt.data]
                self.error(stmt, msg, hint)
            else:  # pragma: no cover - grammar and compiler mirror each other
                self.error(stmt, f"unsupported statement {stmt.data}")

    def small_stmt(
        self, node: Tree[Token], conds: list[Condition], rule: str, out: list[Clause]
    ) -> None:
        kind = node.data
        if kind == "pass_stmt":
            return
        if kind in _REJECTED_STMT:
            msg, hint = _REJECTED_STMT[kind]
            self.error(node, msg, hint)
        if kind == "other_keyword_stmt":
            self.error(
                node,
                f"`{node.children[0]}` is not allowed in PyRule",
                "a rule body only holds signed calls and if/elif/else",
            )
        expr = node.children[0]
        if isinstance(expr, Tree) and expr.data == "call":
            self.signed_call(expr, conds, rule, out)
            return
        if isinstance(expr, Tree) and expr.data == "strings":
            self.error(expr, "a string is only allowed as the rule's docstring (its first line)")
        self.error(expr, "a rule body statement must be a signed call such as require(emoji())")

    def if_stmt(
        self, node: Tree[Token], conds: list[Condition], rule: str, out: list[Clause]
    ) -> None:
        test, suite, *rest = node.children
        earlier: list[Condition] = []
        branches: list[tuple[Condition | None, Tree[Token]]] = [
            (self.condition(test), _subtree(suite))
        ]
        for child in rest:
            if child is None:
                continue
            clause = _subtree(child)
            if clause.data == "elif_clause":
                branches.append((self.condition(clause.children[0]), _subtree(clause.children[1])))
            else:
                branches.append((None, _subtree(clause.children[0])))
        for cond, body in branches:
            negations = [Not(c) for c in earlier]
            own = [] if cond is None else [cond]
            self.block(self.suite_stmts(body), [*conds, *negations, *own], rule, out, top=False)
            if cond is not None:
                earlier.append(cond)

    def signed_call(
        self, call: Tree[Token], conds: list[Condition], rule: str, out: list[Clause]
    ) -> None:
        func, args = call.children
        name = self.callee(func)
        if name not in SIGNS:
            if self.vocab.is_primitive(name):
                self.error(
                    call,
                    f"primitive {name}() must be wrapped in a sign",
                    f"write require({name}(...)) or forbid({name}(...))",
                )
            if name in self.vocab.predicates:
                self.error(
                    call,
                    f"predicate {name}() can only appear in an if condition",
                    f"write `if {name}(...):` followed by a signed call",
                )
            self.unknown_call(func, name)
        positional, keywords = self.split_args(args) if args is not None else ([], {})
        if keywords or len(positional) != 1:
            self.error(
                call,
                f"{name}() takes exactly one primitive call",
                f'write {name}(reply_language("en"))',
            )
        inner = positional[0]
        if not (isinstance(inner, Tree) and inner.data == "call"):
            self.error(inner, f"{name}() takes a primitive call such as emoji() or web_search()")
        pfunc, pargs = inner.children
        pname = self.callee(pfunc)
        if not self.vocab.is_primitive(pname):
            if pname in SIGNS:
                self.error(inner, "signs cannot be nested")
            if pname in self.vocab.predicates:
                self.error(
                    inner,
                    f"{pname}() is a predicate: it belongs in an if condition, not inside a sign",
                )
            self.unknown_call(pfunc, pname, kinds=("primitive",))
        spec, sign = self.vocab.resolve(pname, name)
        alias_params = spec.params
        bound = self.bind(inner, pname, alias_params, pargs)
        surface = self.vocab.surface_key(spec, bound)
        out.append(
            Clause(
                rule=rule,
                index=len(out),
                activation=conjoin(conds),
                sign=sign,  # type: ignore[arg-type]
                primitive=spec.name,
                args=bound,
                surface=surface,
                pyrule_span=self.span(call),
            )
        )

    def bind(
        self,
        call: Tree[Token],
        name: str,
        params: Sequence[Param],
        args: Tree[Token] | Token | None,
    ) -> tuple[tuple[str, Term], ...]:
        positional, keywords = self.split_args(args) if args is not None else ([], {})
        if len(positional) > len(params):
            self.error(
                call,
                f"{name}() takes {len(params)} argument(s), got {len(positional)}",
                self.signature(name, params),
            )
        values: dict[str, Tree[Token] | Token] = {}
        for p, node in zip(params, positional, strict=False):
            values[p.name] = node
        for key, (knode, vnode) in keywords.items():
            if key not in {p.name for p in params}:
                self.error(knode, f"{name}() has no argument {key!r}", self.signature(name, params))
            if key in values:
                self.error(knode, f"argument {key!r} of {name}() given twice")
            values[key] = vnode
        bound: list[tuple[str, Term]] = []
        for p in params:
            arg = values.get(p.name)
            if arg is None:
                if p.required:
                    self.error(
                        call,
                        f"{name}() is missing argument {p.name!r} ({p.sort})",
                        self.signature(name, params),
                    )
                bound.append((p.name, Const(p.default)))
                continue
            bound.append((p.name, self.typed_arg(arg, name, p)))
        return tuple(bound)

    def typed_arg(self, node: Tree[Token] | Token, owner: str, p: Param) -> Term:
        term = self.term(node)
        if isinstance(term, Const):
            reason = self.vocab.check_value(p.sort, term.value)
            if reason is not None:
                shown = f'"{term.value}"' if isinstance(term.value, str) else repr(term.value)
                self.error(
                    node, f"argument {p.name!r} of {owner} expects {p.sort}, got {shown}", reason
                )
            return term
        if isinstance(term, Ref) and p.sort != "Context":
            slot = self.vocab.slot_sort(term.path)
            if slot == p.sort:
                return term
            self.error(
                node,
                f"argument {p.name!r} of {owner} expects {p.sort}, got ctx.{'.'.join(term.path)}",
                f"only a context slot of sort {p.sort} can stand in for a constant here",
            )
        if isinstance(term, Ref) and p.sort == "Context":
            if len(term.path) != 1:
                self.error(
                    node,
                    f"argument {p.name!r} of {owner} expects ctx.msg, ctx.trace, "
                    "ctx.env or ctx.user",
                )
            return term
        self.error(
            node,
            f"argument {p.name!r} of {owner} expects {p.sort}",
            self.vocab.sorts.get(p.sort, {}).get("doc"),
        )

    # ------------------------------------------------------------------ conditions

    def condition(self, node: Tree[Token] | Token) -> Condition:
        if isinstance(node, Token):
            self.error(node, "expected a condition")
        kind = node.data
        if kind == "or_test":
            return Or(tuple(self.condition(c) for c in node.children))
        if kind == "and_test":
            return And(tuple(self.condition(c) for c in node.children))
        if kind == "not_test":
            return Not(self.condition(node.children[0]))
        if kind == "comparison":
            return self.comparison(node)
        if kind == "call":
            return self.predicate(node)
        if kind == "getattr":
            ref = self.term(node)
            assert isinstance(ref, Ref)
            if len(ref.path) < 2:
                self.error(
                    node,
                    f"ctx.{ref.path[0]} is not a condition",
                    'use a predicate such as contains(ctx.msg, "refund")',
                )
            sort = self.vocab.slot_sort(ref.path)
            if sort not in (None, "Bool"):
                self.error(
                    node,
                    f"ctx.{'.'.join(ref.path)} is {sort}, not a condition",
                    f"compare it, e.g. ctx.{'.'.join(ref.path)} == ...",
                )
            return Compare("==", ref, Const(True))
        if kind == "true":
            return TrueCond()
        if kind == "false":
            return Not(TrueCond())
        if kind == "lambdef":
            self.error(node, "lambdas are not allowed in PyRule")
        if kind == "comprehension":
            self.error(node, "comprehensions are not allowed in PyRule")
        if kind == "name":
            self.error(
                node,
                f"unknown name {str(node.children[0])!r} in a condition",
                "conditions use ctx.*, predicates and comparisons",
            )
        self.error(node, "expected a condition (a predicate call, a comparison, and/or/not)")

    def comparison(self, node: Tree[Token]) -> Condition:
        items = node.children
        parts: list[Condition] = []
        left = self.term(items[0])
        for i in range(1, len(items), 2):
            op_tree = _subtree(items[i])
            op = " ".join(str(t) for t in op_tree.children)
            right = self.term(items[i + 1])
            if op not in _COMP_OPS:  # pragma: no cover - grammar restricts operators
                self.error(op_tree, f"unsupported operator {op}")
            self.check_comparison(op_tree, op, left, right)
            parts.append(Compare("not_in" if op == "not in" else op, left, right))
            left = right
        return conjoin(parts) if len(parts) > 1 else parts[0]

    def check_comparison(self, at: Tree[Token], op: str, left: Term, right: Term) -> None:
        if isinstance(left, Const) and isinstance(right, Const):
            self.error(at, "comparison of two constants is not a condition")
        for a, b in ((left, right), (right, left)):
            sort = None
            if isinstance(a, Ref):
                sort = self.vocab.slot_sort(a.path)
                if len(a.path) < 2:
                    self.error(at, f"ctx.{a.path[0]} cannot be compared; compare one of its slots")
            elif isinstance(a, Extract):
                sort = self.vocab.extractors[a.name].kind
            if sort is None:
                continue
            values = b.items if isinstance(b, ListTerm) and op in ("in", "not in") else (b,)
            for v in values:
                if isinstance(v, Const):
                    reason = self.vocab.check_value(sort, v.value)
                    if reason is not None:
                        self.error(
                            at, f"{_show(a)} is {sort}; cannot compare it with {v.value!r}", reason
                        )
            if op in ("<", "<=", ">", ">=") and sort not in ("Int",):
                self.error(at, f"{_show(a)} is {sort}; ordering comparisons need Int")
        if op in ("in", "not in") and not isinstance(right, (ListTerm, Ref)):
            self.error(at, '`in` needs a list on its right, e.g. ctx.msg.language in ["es", "fr"]')

    def predicate(self, call: Tree[Token]) -> Condition:
        func, args = call.children
        name = self.callee(func)
        if name in self.vocab.predicates:
            spec = self.vocab.predicates[name]
            return Pred(name, tuple(t for _, t in self.bind(call, name, spec.params, args)))
        if name in self.vocab.extractors:
            self.error(
                call,
                f"extractor {name}() is not a condition; compare it",
                f"e.g. {name}(ctx.msg) > 100",
            )
        if name in SIGNS or self.vocab.is_primitive(name):
            self.error(
                call,
                f"{name}() is a consequent, not a condition",
                'conditions use predicates such as asks_for(ctx.msg, "...")',
            )
        self.unknown_call(func, name, kinds=("predicate",))

    # ------------------------------------------------------------------ terms

    def term(self, node: Tree[Token] | Token) -> Term:
        if isinstance(node, Token):
            self.error(node, f"unexpected {str(node)!r}")
        kind = node.data
        if kind == "strings":
            return Const(self.string_value(node))
        if kind == "number":
            return Const(_number(str(node.children[0])))
        if kind == "neg":
            inner = self.term(node.children[0])
            if isinstance(inner, Const) and isinstance(inner.value, (int, float)):
                return Const(-inner.value)
            self.error(node, "unary minus only applies to numbers")
        if kind == "true":
            return Const(True)
        if kind == "false":
            return Const(False)
        if kind == "none":
            return Const(None)
        if kind in ("list", "tuple"):
            return ListTerm(tuple(self.term(c) for c in node.children if c is not None))
        if kind == "getattr":
            return self.ref(node)
        if kind == "name":
            name = str(node.children[0])
            if name == "ctx":
                return Ref(())
            self.error(node, f"unknown name {name!r}", "PyRule only knows ctx and constants")
        if kind == "call":
            func, args = node.children
            name = self.callee(func)
            if name in self.vocab.extractors:
                spec = self.vocab.extractors[name]
                return Extract(name, tuple(t for _, t in self.bind(node, name, spec.params, args)))
            if name in self.vocab.predicates:
                self.error(node, f"predicate {name}() cannot be used as a value")
            if name in SIGNS or self.vocab.is_primitive(name):
                self.error(node, f"{name}() cannot be used as a value")
            self.unknown_call(func, name, kinds=("extractor",))
        if kind == "lambdef":
            self.error(node, "lambdas are not allowed in PyRule")
        if kind == "comprehension":
            self.error(node, "comprehensions are not allowed in PyRule")
        if kind == "dict":
            self.error(node, "dictionaries are not allowed in PyRule")
        if kind == "subscript":
            self.error(node, "indexing is not allowed in PyRule")
        if kind == "arith_op":
            self.error(node, "arithmetic is not allowed in PyRule", "write the constant value")
        if kind in ("or_test", "and_test", "not_test", "comparison"):
            self.error(node, "a condition cannot be used as a value")
        self.error(node, "unsupported expression")

    def ref(self, node: Tree[Token]) -> Ref:
        path: list[str] = []
        cur: Tree[Token] | Token = node
        while isinstance(cur, Tree) and cur.data == "getattr":
            path.append(str(cur.children[1]))
            cur = cur.children[0]
        if not (isinstance(cur, Tree) and cur.data == "name" and str(cur.children[0]) == "ctx"):
            if isinstance(cur, Tree) and cur.data == "call":
                self.error(node, "calls on attributes are not allowed in PyRule")
            self.error(node, "attribute access is only allowed on ctx (ctx.msg.language, ...)")
        path.reverse()
        if path[0] not in self.vocab.context_roots:
            self.error(
                node,
                f"unknown context root ctx.{path[0]}",
                f"use one of {', '.join('ctx.' + r for r in self.vocab.context_roots)}",
            )
        if any(p.startswith("_") for p in path):
            self.error(node, "private attributes are not allowed in PyRule")
        return Ref(tuple(path))

    # ------------------------------------------------------------------ helpers

    def callee(self, func: Tree[Token] | Token) -> str:
        if isinstance(func, Tree) and func.data == "name":
            return str(func.children[0])
        if isinstance(func, Tree) and func.data == "getattr":
            self.error(
                func,
                "calls on attributes (methods) are not allowed in PyRule",
                'use a predicate such as contains(ctx.msg, "...")',
            )
        self.error(func, "only named functions of the PyRule vocabulary can be called")

    def unknown_call(
        self,
        func: Tree[Token] | Token,
        name: str,
        kinds: Sequence[str] = ("sign", "primitive", "predicate"),
    ) -> NoReturn:
        if name in _DANGEROUS or name.startswith("__"):
            self.error(
                func,
                f"calling {name}() is not allowed: PyRule is never executed and "
                "only calls its vocabulary",
            )
        pool: list[str] = []
        if "sign" in kinds:
            pool += list(SIGNS)
        if "primitive" in kinds:
            pool += list(self.vocab.primitives) + list(self.vocab.aliases)
        if "predicate" in kinds:
            pool += list(self.vocab.predicates)
        if "extractor" in kinds:
            pool += list(self.vocab.extractors)
        close = difflib.get_close_matches(name, pool, n=1)
        hint = (
            f"did you mean {close[0]}?" if close else "see rules/vocabulary.yaml for the vocabulary"
        )
        self.error(func, f"unknown {' or '.join(kinds)} {name!r}", hint)

    def split_args(
        self, args: Tree[Token] | Token | None
    ) -> tuple[
        list[Tree[Token] | Token], dict[str, tuple[Tree[Token] | Token, Tree[Token] | Token]]
    ]:
        positional: list[Tree[Token] | Token] = []
        keywords: dict[str, tuple[Tree[Token] | Token, Tree[Token] | Token]] = {}
        if args is None:
            return positional, keywords
        for a in _subtree(args).children:
            if a is None:
                continue
            if isinstance(a, Tree) and a.data == "kwarg":
                key, value = a.children
                if str(key) in keywords:
                    self.error(key, f"argument {str(key)!r} given twice")
                keywords[str(key)] = (key, value)
            elif isinstance(a, Tree) and a.data == "star_arg":
                self.error(a, "*args and **kwargs are not allowed in PyRule")
            else:
                if keywords:
                    self.error(a, "positional argument after a keyword argument")
                positional.append(a)
        return positional, keywords

    def const_str(self, node: Tree[Token] | Token, what: str) -> str:
        if isinstance(node, Tree) and node.data == "strings":
            return self.string_value(node)
        self.error(node, f"{what} must be a string literal")

    def string_value(self, node: Tree[Token]) -> str:
        parts: list[str] = []
        for tok in node.children:
            text = str(tok)
            prefix = text[: len(text) - len(text.lstrip("ubfrUBFR"))]
            if "f" in prefix.lower():
                self.error(tok, "f-strings are not allowed in PyRule", "use a plain string")
            if "b" in prefix.lower():
                self.error(tok, "bytes literals are not allowed in PyRule", "use a plain string")
            try:
                value = ast.literal_eval(text)  # literals only: never evaluates code
            except (ValueError, SyntaxError) as exc:
                self.error(tok, f"invalid string literal: {exc}")
            parts.append(value)
        return "".join(parts)

    @staticmethod
    def signature(name: str, params: Sequence[Param]) -> str:
        inner = ", ".join(p.name if p.required else f"{p.name}={p.default!r}" for p in params)
        return f"signature: {name}({inner})"


def _number(text: str) -> int | float:
    return float(text) if any(c in text for c in ".eE") else int(text)


def _show(t: Term) -> str:
    if isinstance(t, Ref):
        return "ctx." + ".".join(t.path)
    if isinstance(t, Extract):
        return f"{t.name}(...)"
    return repr(t)


def compile_tree(tree: Tree[Token], text: str, path: str) -> tuple[EncodedRule, ...]:
    return _Compiler(text, path, load_vocabulary()).compile(tree)
