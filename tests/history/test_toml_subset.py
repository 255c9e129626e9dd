"""The fast TOML reader gives tomllib's dict, or None (then tomllib reads the text)."""

from __future__ import annotations

import math
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from showdown.history.toml_subset import loads

from .helpers import SHARED

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def _same(left: object, right: object) -> bool:
    """Equality that takes nan as equal to nan and tells 1 from 1.0 and True from 1."""
    if type(left) is not type(right):
        return False
    if isinstance(left, float):
        return (math.isnan(left) and math.isnan(right)) or left == right  # type: ignore[arg-type]
    if isinstance(left, list):
        assert isinstance(right, list)
        return len(left) == len(right) and all(map(_same, left, right))
    if isinstance(left, dict):
        assert isinstance(right, dict)
        return list(left) == list(right) and all(_same(left[k], right[k]) for k in left)
    return left == right


def _check(text: str) -> dict | None:
    """``loads(text)``, checked against tomllib: equal, or None."""
    fast = loads(text)
    try:
        slow = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        assert fast is None, f"accepted invalid TOML {text!r}: {fast}"
        return None
    assert fast is None or _same(fast, slow), (text, fast, slow)
    return fast


def _shared_texts() -> list[str]:
    texts = []
    for path in sorted(SHARED.rglob("*.phh*")):
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".phhs":
            texts += [p for p in re.split(r"^\[\d+\][ \t]*$", text, flags=re.M) if p.strip()]
        else:
            texts.append(text)
    return texts


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared hand histories are not present")
def test_every_shared_hand_history_is_read_fast_and_as_tomllib_reads_it():
    texts = _shared_texts()
    assert len(texts) > 400
    for text in texts:
        assert _check(text) is not None, text


@pytest.mark.parametrize(
    "text",
    [
        "a = 1\nb = 2.5\nc = -0\nd = +7\ne = 1e5\nf = 1E-2\ng = -inf\nh = nan\ni = true\n",
        "t = 00:00:00\nd = 2009-07-01\n",
        "a = [1, 2.0, 'x', \"y\", true, 00:00:01]\n",
        "a = [\n  'one',  # first\n  'two',\n]\n# end",
        "a = []\nb = [ ]\nc = [\n]\n",
        "a = ['#', ',', ']', '[']\nb = \"it's\"\nc = 'say \"hi\"'",
        "a = 'x' # comment\r\nb = 2\r\n",
        "a = 'é ♠'\n",
        "a = '''x'''\n",  # multi-line strings: tomllib's
        'a = """x"""\n',
        'a = "tab\\tescaped"\n',
        "a = 1_000\n",
        "a = 0x1F\n",
        "a = 01\n",
        "a = 1.\n",
        "a = .5\n",
        "a = 1979-05-27T07:32:00\n",
        "a = 1979-05-27 07:32:00\n",
        "a = 07:32:00.5\n",
        "a = 25:00:00\n",
        "a = 2009-02-30\n",
        "a = 1\na = 2\n",
        "a.b = 1\n",
        '"a" = 1\n',
        "[table]\na = 1\n",
        "a = {b = 1}\n",
        "a = [[1], [2]]\n",
        "a = [1,,2]\n",
        "a = [1 2]\n",
        "a = 1 2\n",
        "a = 'unterminated\n",
        "a = 'x'\rb = 1\n",
        "a = 'x' # bad \x01 comment\n",
        "a = 'bad \x01 char'\n",
        "a = infinity\n",
        "a = truex\n",
        "a = [1, 2,]\n",
        "a = [ 'x' , 'y' , ]\n",
        "a = [1e5, -2, +3.5, inf, -nan]\n",
        "a = [0.10, 0.25]\nb=[1,2]\n",
        "",
        "\n\n# only a comment",
        "a=1",
    ],
)
def test_tricky_documents_are_read_as_tomllib_reads_them_or_left_to_it(text):
    _check(text)


def test_the_subset_is_really_read_fast():
    # Guards against a reader that quietly hands everything to tomllib.
    assert loads("a = [0.10, 0.25]\nb = ['d dh p1 ????']\nt = 00:00:00\n") is not None


_PIECES = st.sampled_from(
    ["1", "-2", "+3", "0", "01", "1.5", "1e3", "1_0", "inf", "-inf", "nan", "true", "false",
     "'x'", "'#'", "\"y\"", "\"a\\n\"", "''", "'''", "00:00:00", "2009-07-01", "[", "]", ",",
     " ", "\t", "\n", "#c\n", "=", "a", "b", "x.y", "{", "}", "\r\n", "\r", "'", "\""]
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=25))
def test_random_near_toml_is_never_read_differently(pieces):
    _check("".join(pieces))


@settings(max_examples=200, deadline=None)
@given(
    st.dictionaries(
        st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True),
        st.one_of(
            st.integers(-(10**12), 10**12),
            st.floats(allow_nan=False, width=64),
            st.text(alphabet=st.characters(blacklist_characters="'\r\n\x7f",
                                           blacklist_categories=("Cc", "Cs")), max_size=12),
            st.lists(st.integers(0, 10**9), max_size=8),
            st.lists(st.text(alphabet="pd1234 ?AKQsdch", max_size=12), max_size=8),
        ),
        max_size=8,
    )
)  # fmt: skip
def test_documents_written_as_histories_are_read_fast(document):
    lines = []
    for key, value in document.items():
        if isinstance(value, str):
            lines.append(f"{key} = '{value}'")
        elif isinstance(value, list):
            items = ", ".join(f"'{v}'" if isinstance(v, str) else str(v) for v in value)
            lines.append(f"{key} = [{items}]")
        else:
            lines.append(f"{key} = {value!r}")
    text = "\n".join(lines)
    assert _check(text) is not None, text


# One `key = value` a line, arrays on one line: the layout read line by line.
_PLAIN_PIECES = st.sampled_from(
    ["1", "-2", "+3", "01", "1.5", "1e3", "inf", "nan", "true", "false", "00:00:00",
     "2009-07-01", "99:00:00", "'x'", "'a, b'", '"c"', "', '", ", ", ",", "[", "]", "'", '"',
     "é", " ", "=", " = "]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["a", "b", "c", "d-e"]), st.lists(_PLAIN_PIECES, max_size=7)),
        max_size=5,
    )
)
def test_random_plain_lines_are_never_read_differently(lines):
    _check("\n".join(f"{key} = {''.join(value)}" for key, value in lines))


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared hand histories are not present")
def test_the_dataset_layout_is_read_line_by_line():
    from showdown.history.toml_subset import _plain_lines

    texts = [text for text in _shared_texts() if "venue = " in text]
    plain = [text for text in texts if _plain_lines(text) is not None]
    assert len(plain) > 0.9 * len(texts) > 100
    assert all(_same(_plain_lines(text), tomllib.loads(text)) for text in plain)
