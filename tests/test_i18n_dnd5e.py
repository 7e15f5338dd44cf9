"""dnd5e in Italian and French (issue 28): its refusals, with the same rule ids, in the words of
the Italian SRD 5.1 and of the French 5e; lengths with the language's decimal comma; the command
line's text with no English left and its JSON the English one but for its sentences."""

from __future__ import annotations

from typing import Any

import pytest

import wingbeat
from english import english_words
from i18n_rules_cli import (
    core_speaks,
    sentences,
    wingbeat_json,
    wingbeat_says,
    without_sentences,
)
from scenarios import dnd5e
from wingbeat.i18n import speaking

#: Creature ids, and the move notation's words a sentence may quote (they stay in every language).
ALLOWED = frozenset({"hero", "ally", "sleeper", "bird", "nojump", "harpy", "dash", "up", "down",
                     "stand", "prone", "jump", "action", "disengage", "interact", "fly",
                     "climb"})  # and a scenario field (climb: true)

S = dnd5e("  - {id: hero, speed: {walk: 30}, at: A1, side: party, strength: 9}\n"
          "  - {id: ally, speed: {walk: 30}, at: C1, side: party}\n"
          "  - {id: sleeper, speed: {walk: 30}, at: A5, conditions: [prone]}\n"
          "  - {id: bird, speed: {walk: 10, fly: 30}, at: E5, altitude: 2,"
          " conditions: [grappled]}\n"
          "  - {id: nojump, speed: {walk: 30}, at: H8}\n",
          source="i18n.yaml", bottom=0)
METRIC = dnd5e("  - {id: hero, speed: {walk: 30}, at: A1}\n", source="metric.yaml",
               options="{units: m}", bottom=0, columns=12)

#: (scenario, creature, move, the rule, the step refused): one of each kind of refusal.
REFUSALS = {
    "occupied": (S, "hero", "B1 C1", "D-creatures", 2),
    "speed": (METRIC, "hero", "B1 C1 D1 E1 F1 G1 H1", "D-speed", 7),
    "difficult": (S, "hero", "B2 C3 D4 E5 F6 G7 H8", "D-speed", 7),
    "crawl": (S, "sleeper", "up", "D-prone", 1),
    "stand": (S, "sleeper", "stand stand", "D-prone", 2),
    "prone": (S, "hero", "prone prone", "D-prone", 2),
    "lift": (S, "hero", "up", "D-speed", 1),
    "speed-0": (S, "bird", "E6", "D-speed", 1),
    "action": (S, "hero", "dash dash", "D-turn", 2),
    "jump-far": (S, "hero", "jump:F1", "D-jump", 1),
    "jump-strength": (S, "nojump", "jump:H6", "D-jump", 1),
    "jump-prone": (S, "sleeper", "jump:A7", "D-jump", 1),
}

#: The exact sentences of a few.
SAID = {
    ("it", "occupied"): "hero non può terminare il suo movimento nello spazio di un'altra "
                        "creatura (ally, in C1)",
    ("fr", "occupied"): "hero ne peut pas terminer son déplacement dans l’espace d’une autre "
                        "créature (ally, en C1)",
    ("it", "speed"): "il passo verso H1 costa 1,5 m, ma con la sua velocità base a hero restano "
                     "solo 0 m dopo aver percorso 9 m; lo Scatto (la sua azione) aggiungerebbe "
                     "la sua velocità",
    ("fr", "speed"): "le pas vers H1 coûte 1,5 m, mais avec sa vitesse de marche il ne reste à "
                     "hero que 0 m après avoir parcouru 9 m ; Foncer (son action) ajouterait sa "
                     "vitesse",
    ("it", "crawl"): "sleeper è prona: può solo strisciare sul terreno (prima deve rialzarsi)",
    ("fr", "crawl"): "sleeper est à terre : elle ne peut que ramper au sol (qu’elle se relève "
                     "d’abord)",
    ("it", "speed-0"): "la velocità di bird è 0 (afferrata): non può muoversi",
    ("fr", "speed-0"): "la vitesse de bird est de 0 (agrippée) : elle ne peut pas se déplacer",
    ("it", "jump-far"): "un salto in lungo fino a F1 deve superare 20 ft (il terreno in mezzo, da "
                        "bordo a bordo); hero (Forza 9) salta fino a 4,5 ft, da fermo (non ha "
                        "percorso 10 ft a piedi subito prima: niente rincorsa)",
    ("fr", "jump-far"): "un saut en longueur jusqu’en F1 doit franchir 20 ft (le sol entre les "
                        "deux, de bord à bord) ; hero (Force 9) saute jusqu’à 4,5 ft, sans élan "
                        "(elle n’a pas parcouru 10 ft à pied juste avant)",
    ("it", "action"): "hero ha già usato la sua azione in questo turno (Scatto); dash richiede "
                      "l'azione",
    ("fr", "action"): "hero a déjà utilisé son action ce tour-ci (Foncer) ; dash demande l’action",
}


def _refusal(kind: str, lang: str) -> dict[str, Any]:
    scenario, who, moves, _rule, _step = REFUSALS[kind]
    with speaking(lang):
        report = wingbeat.check(scenario, who, moves).to_dict()
    error: dict[str, Any] = report["error"]
    return error


@pytest.mark.parametrize("lang", ["it", "fr"])
@pytest.mark.parametrize("kind", sorted(REFUSALS))
def test_each_refusal_is_said_in_the_language_with_its_rule(kind: str, lang: str) -> None:
    english = _refusal(kind, "en")
    said = _refusal(kind, lang)
    _scenario, _who, _moves, rule, step = REFUSALS[kind]
    assert (said["rule"], said["step"], said["move"]) == (rule, step, english["move"])
    assert said["message"] != english["message"]
    assert english_words(said["message"], ALLOWED) == [], said["message"]
    if (lang, kind) in SAID:
        assert said["message"] == SAID[lang, kind]


def test_the_english_is_what_it_was() -> None:
    """English is the catalogs' source: the sentences read as before they were marked."""
    assert _refusal("occupied", "en")["message"] == (
        "hero may not end its move in another creature's space (ally, at C1)")
    assert _refusal("speed", "en")["message"] == (
        "the step to H1 costs 1.5 m, but with its walk speed hero has only 0 m left after moving "
        "9 m; Dash (its action) would add its speed")


@pytest.mark.parametrize(("lang", "saves"), [("it", "Acrobazia CD 10"), ("fr", "Acrobaties DD 10")])
def test_a_jump_landing_check_and_its_consequence(lang: str, saves: str) -> None:
    """D-jump: a landing in difficult terrain calls for an Acrobatics check; its name and what
    a failure does are said in the language (the chance and the rule are not)."""
    s = dnd5e("  - {id: hero, speed: {walk: 30}, at: A1, strength: 16}\n", source="j.yaml",
              cells="[{at: [E1], terrain: difficult}]", bottom=0)
    english = wingbeat.check(s, "hero", "B1 C1 jump:E1").to_dict()
    with speaking(lang):
        said = wingbeat.check(s, "hero", "B1 C1 jump:E1").to_dict()
    assert english["legal"] and said["legal"]
    check = said["steps"][2]["checks"][0]
    assert check["save"] == saves
    assert check["chance"] == english["steps"][2]["checks"][0]["chance"]
    assert english_words(check["on_failure"]) == []
    assert without_sentences(said) == without_sentences(english)


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_the_turn_ledger_and_a_metric_length(lang: str) -> None:
    """D-turn: the ledger's words in the language; a length in metres with a decimal comma."""
    with speaking(lang):
        text = wingbeat.check(METRIC, "hero", "B1 C1 D1").to_text()
    ledger = [line for line in text.splitlines()
              if line.startswith(("movimento speso", "azione:", "déplacement dépensé", "action :"))]
    assert len(ledger) == 2, text
    assert "4,5 m" in text
    assert english_words("\n".join(ledger), ALLOWED) == []


@pytest.mark.parametrize("lang", ["it", "fr"])
def test_engagement_text(lang: str) -> None:
    with speaking(lang):
        text = wingbeat.engagement(S, "hero", "ally").to_text()
    assert english_words(text, ALLOWED) == [], text


# -- the command line ------------------------------------------------------------------------------
CLI = {
    "check": ("check", "example:harpy", "harpy", "B3 C4 D5 E6 F7 G8 H9 I10 J11"),
    "reach": ("reach", "example:harpy", "harpy"),
    "path": ("path", "example:harpy", "harpy", "--to", "H5"),
}


@pytest.mark.parametrize("lang", ["it", "fr"])
@pytest.mark.parametrize("command", sorted(CLI))
def test_the_command_line_json_changes_only_its_sentences(command: str, lang: str) -> None:
    english = wingbeat_json("en", *CLI[command])
    said = wingbeat_json(lang, *CLI[command])
    assert without_sentences(said) == without_sentences(english)
    for sentence in sentences(said):
        assert english_words(sentence, ALLOWED) == [], sentence


@pytest.mark.parametrize("lang", ["it", "fr"])
@pytest.mark.parametrize("command", sorted(CLI))
def test_the_command_line_text_has_no_english(command: str, lang: str) -> None:
    """Every line, the core's table words with the ruleset's (the core's are domain
    ``wingbeat``)."""
    if not core_speaks(lang):
        pytest.skip("the core's sentences are not translated on this branch")
    text = wingbeat_says(lang, *CLI[command])
    assert text.strip()
    assert english_words(text, ALLOWED) == [], text


@pytest.mark.parametrize(("lang", "words"), [
    ("it", "il passo verso J11 costa 5 ft, ma con la sua velocità di volare a Harpy restano solo "
           "0 ft dopo aver percorso 40 ft"),
    ("fr", "le pas vers J11 coûte 5 ft, mais avec sa vitesse de vol il ne reste à Harpy que 0 ft "
           "après avoir parcouru 40 ft")])
def test_the_command_line_says_the_refusal(lang: str, words: str) -> None:
    text = wingbeat_says(lang, *CLI["check"], code=1)
    assert words in text
    assert "[D-speed]" in text


def test_the_page_words_of_ruleset_toml_are_in_the_catalog() -> None:
    """The words of ``ruleset.toml`` the page shows are marked in ``registration`` (``WORDS``: its
    title and notation, as ``tests/test_i18n_volare.py`` asks of every ruleset; ``OPTION_WORDS``:
    the option pickers'), word for word, so the catalogs translate them."""
    import tomllib
    from importlib import resources

    from wingbeat.i18n import Domain
    from wingbeat.rulesets.dnd5e import registration

    package = "wingbeat.rulesets.dnd5e"
    toml = tomllib.loads(resources.files(package).joinpath("ruleset.toml").read_text("utf-8"))
    assert list(registration.WORDS) == [toml["title"], toml["hints"]["notation"]]
    options = [w for option in toml["hints"]["options"].values() for w in option.values()]
    assert list(registration.OPTION_WORDS) == options
    domain = Domain("dnd5e", package)
    with speaking("it"):
        assert domain.gettext("Diagonals") == "Diagonali"
        assert all(domain.gettext(w) != w for w in registration.WORDS)


@pytest.mark.parametrize(("lang", "example"), [
    ("en", "walk: 30 (feet)"), ("it", "walk: 30 (piedi)"), ("fr", "walk: 30 (pieds)")])
def test_a_scenario_error_shows_its_example_in_the_language(lang: str, example: str) -> None:
    """The schema's examples (``EXAMPLES``) are said when an error shows one."""
    text = ("ruleset: dnd5e\nmap: {columns: 5, rows: 5}\ncreatures:\n"
            "  - {id: a, speed: {walk: x}, at: A1}\n")
    with speaking(lang), pytest.raises(wingbeat.ScenarioError) as caught:
        wingbeat.read_scenario_text(text, source="bad.yaml")
    assert example in str(caught.value)


def test_a_ruleset_scenario_error_is_said_in_the_language() -> None:
    text = ("ruleset: dnd5e\nmap: {columns: 5, rows: 5}\ncreatures:\n"
            "  - {id: a, speed: {walk: 30}, hover: true, at: A1}\n")
    with speaking("it"), pytest.raises(wingbeat.ScenarioError) as caught:
        wingbeat.read_scenario_text(text, source="bad.yaml")
    assert "hover richiede una velocità di volare" in str(caught.value)
