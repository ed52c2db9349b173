"""``tabeq completion bash|zsh|fish``: scripts generated from the command line's grammar. Each names
every command, option and choice of the grammar; bash (and zsh, fish where installed) accepts it;
bash's completes what a user types; a command added to the grammar is completed without editing
anything."""

from __future__ import annotations

import copy
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from tabeq import _tabeq, cli
from tabeq._completion import SHELLS, script


def grammar_words(spec: dict[str, Any]) -> set[str]:
    words = {spec["name"]}
    for argument in [*spec["arguments"], *spec["exclusive"]]:
        if argument["name"].startswith("-"):
            words.add(argument["name"])
        words.update(str(c) for c in argument["options"].get("choices") or [])
    for command in spec["commands"]:
        words |= grammar_words(command)
    return words


def generated(shell: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert cli.main(["completion", shell]) == 0
    out: str = capsys.readouterr().out
    return out


@pytest.mark.parametrize("shell", SHELLS)
def test_the_script_names_every_command_option_and_choice(
    shell: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = generated(shell, capsys)
    grammar = _tabeq.command_line()
    words = grammar_words(grammar)
    assert {"evaluate", "trust", "reliability", "score-run", "--prediction-root", "completion"} <= words
    flag = {"bash": "{}", "zsh": "{}", "fish": "-l {}"}[shell]
    for word in sorted(words):
        shown = flag.format(word[2:]) if shell == "fish" and word.startswith("--") else word
        assert shown in text, f"{shell} script lacks {word}"


@pytest.mark.parametrize("shell", SHELLS)
def test_a_command_added_to_the_grammar_is_completed(shell: str) -> None:
    grammar = copy.deepcopy(_tabeq.command_line())
    extra = {
        "name": "frobnicate",
        "help": "a new command",
        "description": None,
        "exclusive": [],
        "commands": [],
    }
    extra["arguments"] = [{"name": "--level", "options": {"help": "how much", "choices": ["low", "high"]}}]
    grammar["commands"].append(extra)
    text = script(shell, grammar)
    assert "frobnicate" in text and "high" in text and "level" in text
    assert "frobnicate" not in script(shell, _tabeq.command_line())


def test_bash_accepts_the_script_and_completes_what_is_typed(capsys: pytest.CaptureFixture[str]) -> None:
    text = generated("bash", capsys)
    assert subprocess.run(["bash", "-n"], input=text, text=True, check=False).returncode == 0

    def complete(*words: str) -> list[str]:
        program = (
            text
            + f"COMP_WORDS=({' '.join(repr(w) for w in words)}); COMP_CWORD={len(words) - 1}\n"
            + '_tabeq; printf "%s\\n" "${COMPREPLY[@]}"\n'
        )
        done = subprocess.run(["bash", "-c", program], capture_output=True, text=True, check=True)
        return done.stdout.split()

    assert {"evaluate", "check", "validate", "trust", "spider2", "kddcup", "completion"} <= set(
        complete("tabeq", "")
    )
    assert complete("tabeq", "tr") == ["trust"]
    assert complete("tabeq", "trust", "rel") == ["reliability"]
    assert "--by" in complete("tabeq", "trust", "reliability", "--")
    assert complete("tabeq", "check", "--format", "") == ["text", "json"]
    assert complete("tabeq", "completion", "") == ["bash", "zsh", "fish", "--help"]
    assert complete("tabeq", "evaluate", "--pred") == ["--prediction-root"]
    # An option that takes a path leaves the reply empty: bash falls back to file names (-o default).
    assert complete("tabeq", "evaluate", "--gold-root", "") == []


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_accept_their_scripts(shell: str, capsys: pytest.CaptureFixture[str]) -> None:
    binary = shutil.which(shell)
    if binary is None:
        pytest.skip(f"{shell} is not installed (apt-get install {shell})")
    text = generated(shell, capsys)
    done = subprocess.run([binary, "-n"], input=text, text=True, capture_output=True, check=False)
    assert done.returncode == 0, done.stderr


def test_an_unknown_shell_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        cli.main(["completion", "tcsh"])
    assert exited.value.code == 2
    assert "invalid choice" in capsys.readouterr().err
    with pytest.raises(ValueError):
        script("tcsh", _tabeq.command_line())


def test_fish_completes_what_is_typed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    fish = shutil.which("fish")
    if fish is None:
        pytest.skip("fish is not installed (apt-get install fish)")
    script_file = tmp_path / "tabeq.fish"
    script_file.write_text(generated("fish", capsys), encoding="utf-8")

    def complete(line: str) -> list[str]:
        program = f"source {script_file}; complete -C {line!r}"
        done = subprocess.run([fish, "-c", program], cwd=tmp_path, capture_output=True, text=True, check=True)
        return [row.split("\t")[0] for row in done.stdout.splitlines()]

    assert complete("tabeq tr") == ["trust"]
    assert complete("tabeq trust rel") == ["reliability"]
    assert sorted(complete("tabeq check --format ")) == ["json", "text"]
    assert complete("tabeq evaluate --pred") == ["--prediction-root"]
    assert sorted(complete("tabeq completion ")) == ["bash", "fish", "zsh"]


def test_zsh_dispatches_to_the_command_typed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # _arguments replaced by a function printing its specs: what the script hands zsh's completion
    # system for the words typed, and the words shifted so that the command's own start at 1.
    zsh = shutil.which("zsh")
    if zsh is None:
        pytest.skip("zsh is not installed (apt-get install zsh)")
    script_file = tmp_path / "_tabeq"
    script_file.write_text(generated("zsh", capsys), encoding="utf-8")

    def specs(*words: str) -> list[str]:
        quoted = " ".join(f"'{w}'" for w in words)
        program = (
            '_arguments() { print -rl -- "$@" }; '
            f"source {script_file} >/dev/null; words=({quoted}); CURRENT={len(words)}; "
            '_tabeq; print -r -- "CURRENT=$CURRENT FIRST=${words[1]}"'
        )
        done = subprocess.run([zsh, "-f", "-c", program], capture_output=True, text=True, check=True)
        return done.stdout.splitlines()

    reliability = specs("tabeq", "trust", "reliability", "--b")
    assert (
        any(s.startswith("--by[") for s in reliability) and reliability[-1] == "CURRENT=2 FIRST=reliability"
    )
    check = specs("tabeq", "check", "--format", "")
    assert "--format[text for people, json for machines]:value:(text json)" in check
    top = specs("tabeq", "")
    assert any(s.startswith("1:command:((evaluate") and "completion" in s for s in top)
    assert specs("tabeq", "completion", "")[-2:] == ["1:shell:(bash zsh fish)", "CURRENT=2 FIRST=completion"]
