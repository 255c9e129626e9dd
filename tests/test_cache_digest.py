"""The compiled-kernel cache is keyed by a digest of the package's sources.

numba checks only a kernel's own file before loading it from its cache, so a
kernel that inlines a helper from another file kept running the old helper
after an edit. Here a copy of the package is edited and run in fresh
processes (each with its own ``NUMBA_CACHE_DIR`` under ``tmp_path``): the
edit must be seen at once. The ``info``/``clear`` commands and the pruning of
old digest folders are checked on folders made for the purpose.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import numba
import pytest

import showdown
from showdown import cache

PACKAGE = Path(showdown.__file__).resolve().parent

#: Exact hold'em equity on the flop, with whether a kernel compiled for it. Its
#: kernel lives in ``equity/_holdem_class_kernels.py``; the helper edited below
#: lives in ``equity/_scoring.py`` and is compiled into it.
SCRIPT = textwrap.dedent(
    """
    import json
    import showdown
    from showdown import _jit
    with _jit.compile_notice(lambda name: None) as compiled:
        result = showdown.equity(["AsKs", "QdQc"], board="Kd7c2h")
    print(json.dumps({
        "package": showdown.__file__,
        "equity": result.equity.tolist(),
        "tie": result.tie.tolist(),
        "compiled": compiled(),
    }))
    """
)

#: The line of ``_scoring.winner_masks`` that finds the best hand of a deal, and
#: an edit making the worst hand win instead.
BEST_HAND_LINE = "            best[i] = max(best[i], values[p, i])\n"
WORST_HAND_WINS = "            best[i] = min(best[i], values[p, i])\n"


def _environment(**settings: str) -> dict[str, str]:
    environment = {**os.environ, **settings}
    # These would bypass the cache under test.
    for name in ("NUMBA_CACHE_LOCATOR_CLASSES", "NUMBA_DISABLE_JIT"):
        if name not in settings:
            environment.pop(name, None)
    return environment


def _python(arguments: list[str], **settings: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [sys.executable, *arguments],
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
        env=_environment(**settings),
    )
    assert done.returncode == 0, done.stderr
    return done


def _copy_package(tmp_path: Path) -> Path:
    """A copy of the package under ``tmp_path / "copy"`` (to put on ``PYTHONPATH``)."""
    root = tmp_path / "copy"
    shutil.copytree(PACKAGE, root / "showdown", ignore=shutil.ignore_patterns("__pycache__"))
    return root


def _equity(root: Path, numba_cache: Path) -> dict[str, object]:
    done = _python(["-c", SCRIPT], PYTHONPATH=str(root), NUMBA_CACHE_DIR=str(numba_cache))
    answer = json.loads(done.stdout.splitlines()[-1])
    assert Path(answer.pop("package")).is_relative_to(root)  # the copy ran, not the original
    return answer  # type: ignore[no-any-return]


def _digest_folders(base: Path) -> list[Path]:
    return sorted(path for path in base.iterdir() if cache.is_digest_folder(path))


def test_an_edited_inlined_helper_is_seen_by_the_kernels_that_inline_it(tmp_path: Path) -> None:
    root = _copy_package(tmp_path)
    numba_cache = tmp_path / "numba"
    helpers = root / "showdown" / "equity" / "_scoring.py"
    original = helpers.read_text()
    assert original.count(BEST_HAND_LINE) == 1, "winner_masks changed: update this test"

    first = _equity(root, numba_cache)
    assert first["compiled"] is True
    assert first["tie"] == [0.0, 0.0]
    assert first["equity"][0] > 0.6  # type: ignore[index]

    # The kernel's own file and code stay the same: only the helper changes.
    helpers.write_text(original.replace(BEST_HAND_LINE, WORST_HAND_WINS))
    edited = _equity(root, numba_cache)
    assert edited["equity"] == pytest.approx(first["equity"][::-1]), (  # type: ignore[index]
        "the kernel ran the helper from before the edit"
    )
    assert edited["compiled"] is True
    assert len(_digest_folders(numba_cache)) == 2

    # Back to the original sources: their folder is still there, nothing compiles.
    helpers.write_text(original)
    again = _equity(root, numba_cache)
    assert again == {**first, "compiled": False}


def test_the_digest_covers_every_source_file_and_ignores_compiled_files(tmp_path: Path) -> None:
    root = _copy_package(tmp_path) / "showdown"
    base = tmp_path / "base"
    base.mkdir()
    digest = cache.source_digest(root, base)
    assert digest == cache.source_digest(root, None) == cache.source_digest()

    (root / "simulator" / "__pycache__").mkdir(exist_ok=True)
    (root / "simulator" / "__pycache__" / "stray.py").write_text("x = 1\n")
    (root / "cards" / "data" / "notes.txt").write_text("not a source\n")
    assert cache.source_digest(root, base) == digest

    layout = root / "simulator" / "compiled" / "layout.py"
    (root / "brand_new.py").write_text("")
    assert cache.source_digest(root, base) != digest
    (root / "brand_new.py").unlink()
    assert cache.source_digest(root, base) == digest

    # Same size, same modification time: only the content differs.
    text = layout.read_text()
    before = layout.stat()
    position = text.index("=") + 2
    swapped = "1" if text[position] != "1" else "2"
    layout.write_text(text[:position] + swapped + text[position + 1 :])
    os.utime(layout, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert layout.stat().st_size == before.st_size
    assert cache.source_digest(root, base) != digest


def test_a_remembered_digest_is_used_only_while_the_files_are_unchanged(tmp_path: Path) -> None:
    root = _copy_package(tmp_path) / "showdown"
    base = tmp_path / "base"
    base.mkdir()
    digest = cache.source_digest(root, base)
    [memo] = base.glob("sources-*.json")
    remembered = json.loads(memo.read_text())
    assert remembered["digest"] == digest

    # The remembered digest is what is returned while the stamp matches ...
    memo.write_text(json.dumps({**remembered, "digest": "f" * len(digest)}))
    assert cache.source_digest(root, base) == "f" * len(digest)
    # ... and a touched file makes it hash again.
    (root / "games.py").touch()
    assert cache.source_digest(root, base) == digest
    # A damaged memo is ignored.
    memo.write_text("{not json")
    assert cache.source_digest(root, base) == digest


def _make_digest_folder(base: Path, name: str, age_seconds: float, size: int = 10) -> Path:
    folder = base / name
    (folder / "evaluator_0123").mkdir(parents=True)
    (folder / "evaluator_0123" / "kernel.nbc").write_bytes(b"x" * size)
    when = time.time() - age_seconds
    os.utime(folder, (when, when))
    return folder


def test_pruning_keeps_the_most_recently_used_digest_folders(tmp_path: Path) -> None:
    base = tmp_path / "base"
    folders = [
        _make_digest_folder(base, f"{index:016x}", age_seconds=100 * (index + 1))
        for index in range(6)
    ]
    unrelated = base / "evaluator_3b9f0a"  # another numba cache sharing NUMBA_CACHE_DIR
    unrelated.mkdir()
    not_a_folder = base / ("a" * 16)
    not_a_folder.write_text("a file named like a digest")

    deleted = cache.prune_digest_folders(base, keep=3, current=folders[0])
    assert sorted(deleted) == sorted(folders[3:])
    assert _digest_folders(base) == sorted(folders[:3])
    assert unrelated.is_dir() and not_a_folder.is_file()

    # The current folder is never deleted, however old.
    deleted = cache.prune_digest_folders(base, keep=1, current=folders[2])
    assert deleted == [folders[1]]
    assert _digest_folders(base) == [folders[0], folders[2]]


def test_a_new_digest_folder_prunes_the_old_ones(tmp_path: Path) -> None:
    """A fresh process making its digest folder keeps only the newest few (no compiling)."""
    base = tmp_path / "base"
    old = [
        _make_digest_folder(base, f"{index:016x}", age_seconds=1000 * (index + 1))
        for index in range(cache.KEEP_DIGESTS + 2)
    ]
    done = _python(
        ["-c", "from showdown import cache; print(cache.kernel_cache_folder())"],
        NUMBA_CACHE_DIR=str(base),
    )
    current = Path(done.stdout.strip())
    assert current.parent == base and current.name == cache.source_digest()
    assert _digest_folders(base) == sorted([current, *old[: cache.KEEP_DIGESTS - 1]])


def test_info_and_clear_commands(tmp_path: Path) -> None:
    base = tmp_path / "base"
    stale = _make_digest_folder(base, "0123456789abcdef", age_seconds=3600, size=2_500_000)
    unrelated = base / "someone_else"
    unrelated.mkdir()
    digest = cache.source_digest()

    def run(*arguments: str) -> str:
        return _python(["-m", "showdown.cache", *arguments], NUMBA_CACHE_DIR=str(base)).stdout

    shown = run("info")
    assert f"base: {base} (NUMBA_CACHE_DIR)" in shown
    assert f"current digest: {digest} (nothing compiled yet)" in shown
    assert "other digests: 1 (2.5 MB)" in shown
    assert "0123456789abcdef  2.5 MB in 1 files" in shown

    (base / digest / "evaluator_0123").mkdir(parents=True)
    (base / digest / "evaluator_0123" / "kernel.nbi").write_bytes(b"y" * 300_000)
    assert f"current digest: {digest} (0.3 MB in 1 files)" in run("info")

    assert run("clear", "--stale") == "deleted 1 digest folder\n"
    assert not stale.exists() and (base / digest).is_dir() and unrelated.is_dir()
    assert "other digests: 0 (0.0 MB)" in run("info")

    assert run("clear") == "deleted 1 digest folder\n"
    assert _digest_folders(base) == [] and unrelated.is_dir()
    assert not list(base.glob("sources-*.json"))


def test_info_without_numba_cache_dir_uses_the_user_cache_folder(tmp_path: Path) -> None:
    environment = {"SHOWDOWN_CACHE_DIR": str(tmp_path / "user")}
    done = subprocess.run(
        [sys.executable, "-m", "showdown.cache", "info"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={
            key: value
            for key, value in _environment(**environment).items()
            if key != "NUMBA_CACHE_DIR"
        },
    )
    assert done.returncode == 0, done.stderr
    assert f"base: {tmp_path / 'user' / 'numba'} (showdown's user cache folder)" in done.stdout


def test_the_command_refuses_unknown_arguments(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "showdown.cache", "clear", "--everything"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env=_environment(NUMBA_CACHE_DIR=str(tmp_path)),
    )
    assert done.returncode == 2
    assert "Error: No such option '--everything'" in done.stderr


def test_clear_cache_checks_its_argument(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))
    with pytest.raises(ValueError, match="stale_only: expected True or False, got 'yes'"):
        cache.clear_cache(stale_only="yes")  # type: ignore[arg-type]


def test_cache_info_in_process(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(numba.config, "CACHE_DIR", str(tmp_path))
    _make_digest_folder(tmp_path, "00000000000000aa", age_seconds=50, size=7)
    _make_digest_folder(tmp_path, "00000000000000bb", age_seconds=10, size=5)
    info = cache.cache_info()
    assert info.base == tmp_path and info.from_numba_setting
    assert info.digest == cache.source_digest() and info.current is None
    assert [(folder.path.name, folder.size, folder.files) for folder in info.others] == [
        ("00000000000000bb", 5, 1),
        ("00000000000000aa", 7, 1),
    ]


def test_kernels_are_cached_in_the_digest_folder() -> None:
    from showdown.evaluator import _kernels

    path = Path(_kernels.evaluate_kernel.dispatcher._cache._cache_path)
    assert path.parent == cache.kernel_cache_folder()
    assert path.parent.name == cache.source_digest()
