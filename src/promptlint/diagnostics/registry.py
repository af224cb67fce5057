"""The code table: the only place a diagnostic code is assigned.

Each code has a kebab-case name that reads as "allow <name>", a category, a default
severity, a one-line summary and documentation in fixed sections (What it finds /
Why it matters / Example / How to fix). Retired codes keep working through REDIRECTS.
"""

from __future__ import annotations

from dataclasses import dataclass

from promptlint.diagnostics import Category, Severity

__all__ = ["CODES", "DOCS_URL", "REDIRECTS", "SECTIONS", "Code", "get", "parse_selectors", "select"]

SECTIONS = ("What it finds", "Why it matters", "Example", "How to fix")

#: where each code's page lives (``docs/codes/<CODE>.md``, generated from this table)
DOCS_URL = "https://github.com/promptlint/promptlint-wire/blob/main/docs/codes/{code}.md"


@dataclass(frozen=True, slots=True)
class Code:
    code: str
    name: str
    category: Category
    severity: Severity
    summary: str
    #: markdown with the SECTIONS headings, in order
    doc: str

    @property
    def url(self) -> str:
        return DOCS_URL.format(code=self.code)

    def section(self, title: str) -> str:
        parts = self.doc.split("## ")
        for p in parts:
            head, _, body = p.partition("\n")
            if head.strip() == title:
                return body.strip()
        return ""


def _c(code: str, name: str, cat: Category, sev: Severity, summary: str, doc: str) -> Code:
    return Code(code, name, cat, sev, summary, doc.strip() + "\n")


_I, _C, _Q = Category.INPUT, Category.COLLISION, Category.RULE_QUALITY
_E, _W, _N = Severity.ERROR, Severity.WARNING, Severity.INFO

CODES: dict[str, Code] = {
    c.code: c
    for c in [
        # ------------------------------------------------------------------ PL0xx input
        _c(
            "PL001",
            "unreadable-file",
            _I,
            _E,
            "A policy file cannot be read, decoded or parsed.",
            """
## What it finds
A path that does not exist, a directory without policy files, a binary or non-UTF-8 file,
a file over the configured size limit, or a YAML, JSON or Python file that does not parse.
A path that does not exist stops the run (exit 2); a file that exists but cannot be read
or parsed is a finding on that file (exit 1, like ruff's E902 and syntax errors) and the
other files are still linted. It cannot be switched off with `select` or `ignore`.
## Why it matters
A file promptlint cannot read is a policy nobody has checked.
## Example
```text
promptlint check prompts/missing.md
```
## How to fix
Fix the syntax error at the location shown, save the file as UTF-8 text, or raise
`max-file-bytes` for very large policies. If the file is not a policy, keep it out with
`include`/`exclude` (and `--force-exclude` for files named on the command line).
""",
        ),
        _c(
            "PL002",
            "invalid-pyrule",
            _I,
            _E,
            "A PyRule encoding does not parse or breaks the vocabulary.",
            """
## What it finds
Syntax errors, unknown primitives or predicates, wrong argument sorts and rejected
constructs (imports, loops, assignment, arbitrary calls) in a `.pyrule` file.
## Why it matters
An encoding that does not compile cannot be triaged; PyRule is never executed, so code in
it is rejected rather than run.
## Example
```python
@rule("r1")
def r1(ctx):
    "Keep answers short."
    require(reply_length("words", "<", "many"))
```
## How to fix
Use the vocabulary's sorts: `require(reply_length("words", "<", 80))`.
""",
        ),
        _c(
            "PL003",
            "invalid-config",
            _I,
            _E,
            "The configuration file has an unknown key or a bad value.",
            """
## What it finds
Unknown keys or values of the wrong type in `[tool.promptlint]` or `promptlint.toml`.
## Why it matters
A misspelt option silently does nothing in many tools; promptlint refuses it instead.
## Example
```toml
[tool.promptlint]
selec = ["PL1"]
```
## How to fix
Spell the key as documented: `select = ["PL1"]`.
""",
        ),
        _c(
            "PL004",
            "backend-error",
            _I,
            _E,
            "The model endpoint is unreachable or answers garbage.",
            """
## What it finds
A model-backed run (`--backend llm`) whose endpoint is down, rejects the key, or keeps
returning output that does not match the schema.
## Why it matters
Results that depend on a failed model call cannot be trusted.
A model-backed run also reports here, as a warning, what it did not do because
`llm.budget-tokens` or `llm.budget-usd` was reached (rules not encoded, lines not
extracted).
## Example
```text
promptlint check --backend llm policy.md   # the endpoint at llm.base-url is down
```
## How to fix
Check `base_url` and the API key variable, or run with `--fallback offline`; for a
budget warning, raise the budget or re-run (finished answers are cached).
""",
        ),
        _c(
            "PL005",
            "analysis-incomplete",
            _I,
            _W,
            "The solver could not decide a clause pair.",
            """
## What it finds
A same-surface clause pair for which Z3 returned `unknown` (timeout or an unsupported
string constraint).
## Why it matters
The pair may or may not collide: it was neither kept nor dropped silently.
## Example
```python
@rule("r1")
def r1(ctx):
    "Never answer messages matching a complex pattern."
    if regex(ctx.msg, "(a+)+b"):
        forbid(answer())
```
## How to fix
Simplify the condition, or raise `solver-timeout-ms`.
""",
        ),
        _c(
            "PL006",
            "rejected-quote",
            _I,
            _W,
            "An extracted rule's quote is not in the source.",
            """
## What it finds
A rule returned by the model extractor whose quote is not a verbatim substring of the
policy.
## Why it matters
Quotes are authoritative; a paraphrase or an injected instruction must not become a rule.
## Example
```markdown
- Be polite.
```
The model's extraction answer, whose quote is not in the policy:
```json
{"rules": [{"quote": "Always answer politely.", "gist": "the agent must answer politely"}]}
```
## How to fix
Nothing to fix in the policy; re-run, or use another extraction model.
""",
        ),
        _c(
            "PL007",
            "unused-suppression",
            _I,
            _W,
            "A suppression comment suppresses nothing.",
            """
## What it finds
A `promptlint: ignore[...]` comment that did not match any finding.
## Why it matters
Stale suppressions hide future problems and confuse readers.
## Example
```markdown
- Never use emoji. <!-- promptlint: ignore[PL101] legacy -->
```
Encoded:
```python
@rule("r1", span="1-1")
def r1(ctx):
    "Never use emoji."
    forbid(emoji())
```
## How to fix
Remove the comment.
""",
        ),
        _c(
            "PL008",
            "suppression-without-reason",
            _I,
            _W,
            "A suppression comment gives no reason.",
            """
## What it finds
A `promptlint: ignore[...]` comment with nothing after the codes.
## Why it matters
A suppression is a decision; the next editor needs to know why it was made.
## Example
```markdown
- Always answer in English. <!-- promptlint: ignore[PL101] -->
- If the user writes in Spanish, answer in Spanish.
```
Encoded:
```python
@rule("r1", span="1-1")
def r1(ctx):
    "Always answer in English."
    require(reply_language("en"))

@rule("r2", span="2-2")
def r2(ctx):
    "If the user writes in Spanish, answer in Spanish."
    if ctx.msg.language == "es":
        require(reply_language("es"))
```
## How to fix
Say why: `<!-- promptlint: ignore[PL101] Spanish speakers are routed elsewhere -->`.
""",
        ),
        # ------------------------------------------------------------------ PL1xx collision
        _c(
            "PL009",
            "resource-limit",
            _I,
            _W,
            "A policy was not fully analysed: it exceeds a limit or the per-file deadline.",
            """
## What it finds
A policy file with more rules than `max-rules-per-file` (the rules after the limit are not
analysed), or whose analysis took longer than `--timeout-per-file` seconds (it is skipped;
the other files are still linted).
## Why it matters
Limits keep a pre-commit hook or CI job bounded on any input; a policy that hits one has
parts nobody checked, so the run does not pass silently.
## Example
```text
promptlint check --timeout-per-file 0.001 policy.md
```
## How to fix
Split a very large policy into files, or raise `max-rules-per-file` /
`--timeout-per-file` (0 turns the deadline off).
""",
        ),
        _c(
            "PL101",
            "conflicting-values",
            _C,
            _E,
            "Two rules require values of a single-valued surface that exclude each other.",
            """
## What it finds
Two rules that, in one situation, require different values of something a reply can have
only one of: its language, format, letter case, tone, or whether it answers or refuses.
## Why it matters
The model must break one rule whenever both apply, and which one it breaks is up to
chance and the model version.
## Example
```markdown
- Always answer in English.
- If the user writes in Spanish, answer in Spanish.
```
Encoded:
```python
@rule("r1", span="1-1")
def r1(ctx):
    "Always answer in English."
    require(reply_language("en"))

@rule("r2", span="2-2")
def r2(ctx):
    "If the user writes in Spanish, answer in Spanish."
    if ctx.msg.language == "es":
        require(reply_language("es"))
```
## How to fix
Write the exception into one rule: "Answer in English unless the user writes in Spanish;
then answer in Spanish."
""",
        ),
        _c(
            "PL102",
            "required-and-forbidden",
            _C,
            _E,
            "One rule requires what another rule forbids in the same situation.",
            """
## What it finds
A behaviour (a tool call, a shell command, a clarifying question, a disclosure, emoji...)
that one rule requires and another forbids, with a situation where both apply.
## Why it matters
Whatever the model does, one of the two rules is violated.
## Example
```markdown
- Never ask questions when the booking reference is given.
- If the request is ambiguous, ask a clarifying question.
```
Encoded:
```python
@rule("r1", span="1-1")
def r1(ctx):
    "Never ask questions when the booking reference is given."
    if has_slot(ctx.msg, "booking_reference"):
        forbid(ask_clarify())

@rule("r2", span="2-2")
def r2(ctx):
    "If the request is ambiguous, ask a clarifying question."
    if semantic(ctx.msg, "ambiguous_request"):
        require(ask_clarify())
```
## How to fix
Scope one rule so the two cannot apply together, or say which one wins.
""",
        ),
        _c(
            "PL103",
            "incompatible-bounds",
            _C,
            _E,
            "Two rules set numeric limits that no reply can meet together.",
            """
## What it finds
Length or count limits (words, sentences, paragraphs, bullets, questions) whose ranges
do not overlap in a situation where both apply.
## Why it matters
No reply can satisfy both limits.
## Example
```markdown
- Keep every answer under 80 words.
- When you explain a refund decision, give at least 120 words of detail.
```
Encoded:
```python
@rule("r1", span="1-1")
def r1(ctx):
    "Keep every answer under 80 words."
    require(reply_length("words", "<", 80))

@rule("r2", span="2-2")
def r2(ctx):
    "When you explain a refund decision, give at least 120 words of detail."
    if asks_for(ctx.msg, "refund_explanation"):
        require(reply_length("words", ">=", 120))
```
## How to fix
Make the limits overlap or scope the general limit: "Keep answers under 80 words, except
refund explanations."
""",
        ),
        _c(
            "PL104",
            "contradictory-order",
            _C,
            _E,
            "Two rules require opposite orders of the same sections or steps.",
            """
## What it finds
One rule requires A before B and another B before A.
## Why it matters
A reply or a plan can follow only one of the two orders.
## Example
```markdown
- Put the summary before the details.
- Always start with the details, then summarize.
```
Encoded:
```python
@rule("r1", span="1-1")
def r1(ctx):
    "Put the summary before the details."
    require(section_order("summary", "details"))

@rule("r2", span="2-2")
def r2(ctx):
    "Always start with the details, then summarize."
    require(section_order("details", "summary"))
```
## How to fix
Pick one order.
""",
        ),
        _c(
            "PL105",
            "nominated-not-confirmed",
            _C,
            Severity.INFO,
            "A model nominated two rules as conflicting, but the solver did not confirm it.",
            """
## What it finds
With a model endpoint, `check` also asks the model to read the whole policy and name rule
pairs it suspects conflict. Each pair triage had not found is encoded jointly and given to
the solver. When the solver finds no situation in which the two encodings collide (or the
encoding failed), the pair is reported here with the model's reason, not as an error.
## Why it matters
The pair may still be a real tension the vocabulary cannot express, or the model may be
wrong: a person should read both rules. Nothing the model suspected is dropped silently.
## Example
```markdown
- Keep every answer short.
- Explain each step of the calculation.
```
## How to fix
Read both rules. If they do conflict, write the precedence into one of them; if not,
suppress the finding with a reason.
""",
        ),
        _c(
            "PL106",
            "collision-set-aside",
            _C,
            Severity.INFO,
            "A collision the policy text itself sets aside, with the evidence quoted.",
            """
## What it finds
With a model endpoint, every collision is vetted against the policy text before it is
reported as an error. The model is not asked whether the two rules conflict (the solver
decided that); it is asked whether the text shows a reason they are never in force
together, and must quote that text: one rule is an example, a sample reply or reference
material rather than an instruction (evidence near that rule); the two belong to separate
templates, modes or stages; or one is only a preference ("prefer", "if appropriate";
evidence on that rule). Such a collision is reported here, as info, with the reason and
the quoted line. An exception the text states is not a reason to set the collision aside:
whether it covers the situation is what a person must decide, so the collision stands and
the quoted line is shown beside it (`= note:`, and `exception` in the JSON).
## Why it matters
The collision holds between the two encodings, but the text says why a reader need not
act on it. The quote is checked against the policy; an answer whose quote is not there,
or not where the reason needs it, leaves the collision standing and is reported (PL004).
## Example
```markdown
## Example reply
Sure! Now you can open the app in your browser.

## Rules
- Never tell the user to open the app in a browser.
```
## How to fix
Read the quoted evidence. If it is right, nothing needs to change (an example can be marked
more plainly, for instance inside `<example>` tags). If it is wrong, the finding is the
collision it was (`set_aside` in the JSON names its code): fix the two rules as that code
says; leaving `vet` out of `--model-stages` reports it as an error again.
""",
        ),
        _c(
            "PL107",
            "separate-prompts",
            _C,
            Severity.INFO,
            "Collisions between rules that never reach one model call, not reported.",
            """
## What it finds
A Python file whose functions each build their own prompt (one per model call: a search
query prompt, a report prompt, a summary prompt) holds several prompts, and a rule of
one never meets a rule of another in the same call. promptlint pairs rules only within
one prompt; this note says how many collisions between prompts it set aside, and names
the prompts. Functions that call each other, and any use of a constant, put text in one
prompt, except that a function which only picks one prompt function per branch (`if
mode == "fast": return fast_prompt()` ... `else: return deep_prompt()`) joins none of
them; a module's or class's string constants are paired with every prompt, since
another file may join them to any of them. In TypeScript and JavaScript only the prompts
a function of the file picks between (a `switch (mode)`) are kept apart: functions that
build the parts of one call are common there.

Rules in two arms of one template branch are never rendered together either: the arms
of a Jinja `{% if %}` / `{% elif %}` / `{% else %}` block (in any file) and of a
`` cond ? `...` : `...` `` inside a TypeScript prompt. A second note counts the collisions
set aside for that reason. Nominated pairs from two prompts or two arms are reported as
not confirmed (PL105).
## Why it matters
Rules that never reach the same call cannot conflict, however they read.
## Example
```py
def welcome_prompt(name: str) -> str:
    return f'''You write the welcome message for {name}, a new member of the support forum.
Always greet the user by name in the first sentence, keep the message under eighty words,
and always mention where to find help.'''


def farewell_prompt() -> str:
    return '''You write the closing message of a support chat, once the ticket is solved.
Never greet the user by name, always thank them for their patience, and keep the message
under forty words, whatever the ticket was about.'''
```
## How to fix
Nothing, when the prompts are sent separately. If they are sent together, build them in
one function (or join them in a constant) so that promptlint reads them as one prompt.
""",
        ),
        _c(
            "PL108",
            "offline-collision-not-confirmed",
            _C,
            Severity.INFO,
            "A collision of the offline encoder that no model reading of the policy names.",
            """
## What it finds
With a model endpoint, the model reads the whole policy (`--passes`, `--sweep`) and names
the rule pairs that conflict; each named pair is encoded jointly and confirmed by the
solver. A collision the offline encoder found between two rules that no reading named is
reported here, as info, instead of as an error. When a reading fails, the offline
collisions stand (and the failure is reported as PL004); pairs of hand-written encodings
in a sidecar always stand.
## Why it matters
The offline encoder reads one rule at a time from its wording; a restriction it cannot
place ("tasks that can be run immediately") makes two compatible rules collide. A reader
of the policy in context does not name them. Encoding such a pair again does not settle
it: on every labelled set, the model's joint encoding confirmed 28 such collisions, of
which 2 were conflicts a labeller named (docs/evaluation.md, session 15).
## Example
```markdown
- Schedule future tasks: if you need a task to run later, schedule it.
- Do not schedule tasks that can be run immediately.
```
## How to fix
Nothing to fix when the rules are compatible. If you think they do conflict, encode them
by hand in the sidecar (hand-written encodings always stand), or read again with
`--passes 3` or `--sweep`.
""",
        ),
        _c(
            "PL109",
            "offline-collision-held-back",
            _C,
            Severity.INFO,
            "A collision the offline path cannot vouch for, held back as info.",
            """
## What it finds
Without a model reading the policy, promptlint is quiet: a collision is reported as an
error only when the offline path can stand behind it. Four kinds are held back and shown
here instead, with the collision they would have been (`held_back` in the JSON names its
code, `reason` says why):

- the collision rests on a loose overlap of two open values: a word of the forbidden
  value is missing from the required one ("the final answer" against "each claim in your
  answer"), or the forbidden action is a bare verb ("search" against "search for the
  thing directly", where the rule said "don't just search");
- both rules come from one line of the policy, which an author usually writes to fit
  together ("Call done only after you have enough to answer. If you reach the tool cap,
  call done.").
- its witness needs one situation false and another true that share a word ("the task
  is not complete or blocked" and "you have completed the request"): offline, situations
  are only words, and the one may well be the other.
- the prohibition narrows what it forbids ("never cite the same source more than once",
  "do not cite sources that are not in the list", "never use any other format", "do not
  share one customer's prices with another customer"): offline
  the clause forbids the whole kind, and the other rule may require only the rest.

Pairs of hand-written encodings always stand.
## Why it matters
On the labelled sets, most offline collisions of these kinds were not conflicts: the
offline encoder reads one rule at a time and drops the word that restricts it ("just",
"only", "your own"). No labelled conflict in the real prompts lies within one line
(docs/evaluation.md, sessions 16 and 17).
## Example
```markdown
- Don't waste tool calls verifying existence: just search for the thing directly.
- If the user wants a calendar event, don't just search: create the event.
```
## How to fix
Nothing, when the rules fit. To have the pair judged, run with a model endpoint
(`--backend llm`): the model reads the policy and names the pairs that conflict. To make
it an error for good, encode the two rules by hand in the sidecar.
""",
        ),
        # ------------------------------------------------------------------ PL2xx rule quality
        _c(
            "PL201",
            "dead-clause",
            _Q,
            _W,
            "A rule's condition can never hold.",
            """
## What it finds
An encoded clause whose activation is unsatisfiable.
## Why it matters
The rule never applies; usually an encoding or wording mistake.
## Example
```python
@rule("r1")
def r1(ctx):
    "For minors who are adults, be formal."
    if ctx.user.age < 18 and ctx.user.age >= 18:
        require(reply_style("formal"))
```
## How to fix
Fix the condition.
""",
        ),
        _c(
            "PL202",
            "self-conflicting-rule",
            _Q,
            _W,
            "One rule contradicts itself.",
            """
## What it finds
Two clauses of the same rule that collide on one surface.
## Why it matters
The rule cannot be followed as written.
## Example
```markdown
- Always reply in JSON, and always reply in plain text.
```
Encoded:
```python
@rule("r1", span="1-1")
def r1(ctx):
    "Always reply in JSON, and always reply in plain text."
    require(reply_format("json"))
    require(reply_format("plain_text"))
```
## How to fix
Split the rule or remove one half.
""",
        ),
        _c(
            "PL203",
            "duplicate-rule",
            _Q,
            _N,
            "Two rules say the same thing.",
            """
## What it finds
Clauses in different rules with the same sign, primitive, arguments and condition.
## Why it matters
Duplicates drift apart when one copy is edited.
## Example
```markdown
- Never use emoji.
- Do not use emoji.
```
Encoded:
```python
@rule("r1", span="1-1")
def r1(ctx):
    "Never use emoji."
    forbid(emoji())

@rule("r2", span="2-2")
def r2(ctx):
    "Do not use emoji."
    forbid(emoji())
```
## How to fix
Keep one.
""",
        ),
        _c(
            "PL204",
            "stale-encoding",
            _Q,
            _W,
            "A sidecar encoding no longer matches its rule.",
            """
## What it finds
A `.pyrule` sidecar rule whose quote hash differs from the source text, or a hand-edited
rule that no longer compiles.
## Why it matters
The analysis would run on an outdated reading of the policy.
## Example
```markdown
- Always answer in French.
```
Encoded before the edit:
```python
@rule("r1", span="1-1")
def r1(ctx):
    "Always answer in English."
    require(reply_language("en"))
```
## How to fix
Run `promptlint encode FILE` and review the diff.
""",
        ),
        _c(
            "PL205",
            "unencoded-rule",
            _Q,
            _N,
            "A rule could not be encoded, so it is not analysed.",
            """
## What it finds
A normative span the encoder could not map to PyRule.
## Why it matters
Coverage is visible: these rules are not checked for collisions.
## Example
```markdown
- Be a good colleague.
```
## How to fix
Encode it by hand in the sidecar, or run the model encoder (`--backend llm`).
""",
        ),
        _c(
            "PL206",
            "ambiguous-encoding",
            _Q,
            _W,
            "Independent encodings of a rule disagree.",
            """
## What it finds
A rule whose redundant encodings (`llm.encode-samples = k` or `llm.encode-models`) are
not logically equivalent: fewer than `llm.confidence-threshold` of them agree with the
one triage uses. The finding shows two differing encodings and a situation in which
they put different obligations in force.
## Why it matters
The rule's wording admits several readings; triage used the best-supported one.
## Example
```markdown
- Only answer billing questions in English.
```
```toml
[llm]
encode-samples = 3
```
The three encodings the model returned:
```json
{"encodings": [
  "if asks_for(ctx.msg, \\"billing\\"):\\n    require(reply_language(\\"en\\"))",
  "require(reply_language(\\"en\\"))",
  "if not asks_for(ctx.msg, \\"billing\\"):\\n    require(refuse())"
]}
```
## How to fix
Reword the rule so it has one reading ("Answer billing questions in English; refuse
every other question."), or encode it by hand in the sidecar.
""",
        ),
    ]
}

REDIRECTS: dict[str, str] = {}


def get(code: str) -> Code:
    code = REDIRECTS.get(code.upper(), code.upper())
    return CODES[code]


def select(selectors: list[str] | tuple[str, ...]) -> set[str]:
    """Codes matched by selectors: full codes, prefixes (``PL1``), or ``ALL``."""
    out: set[str] = set()
    for s in selectors:
        s = REDIRECTS.get(s.upper(), s.upper())
        if s == "ALL":
            out |= set(CODES)
        else:
            out |= {c for c in CODES if c.startswith(s)}
    return out


def parse_selectors(values: list[str] | tuple[str, ...], where: str) -> tuple[str, ...]:
    """Split comma lists (``PL101,PL102``) and check every selector names at least one
    code (a full code, a prefix such as ``PL1``, or ``ALL``), as ruff does.

    ``where`` names the option or configuration key for the error message.
    """
    from promptlint.errors import ConfigError

    out: list[str] = []
    for value in values:
        for raw in str(value).split(","):
            s = raw.strip().upper()
            if not s:
                continue
            s = REDIRECTS.get(s, s)
            if s != "ALL" and not any(c.startswith(s) for c in CODES):
                import difflib

                close = difflib.get_close_matches(s, list(CODES), n=1)
                raise ConfigError(
                    f"invalid value {raw.strip()!r} for {where}: no code is {raw.strip()!r} "
                    "or starts with it",
                    hint=(f"did you mean {close[0]}? " if close else "")
                    + "`promptlint rule --all` lists the codes",
                )
            out.append(s)
    return tuple(out)
