"""The one filter of what a side's player sees (``play/visibility.py``), on data alone."""

from __future__ import annotations

from pathlib import Path

from wingbeat.play import Game
from wingbeat.play.visibility import UNSEEN, Sight, seen_entries, seen_scenario, sight

AMBUSH = (Path(__file__).parent / "data" / "share" / "ambush.yaml").read_text(encoding="utf-8")


def test_the_scrub_drops_keys_items_and_names_and_keeps_a_bare_cell() -> None:
    seen = Sight("party", frozenset({"zz-lurker"}), ("zz-lurker", "Lurker Qwx"), ("K7",))
    data = {"pieces": {"scout": {"at": "K7"}, "zz-lurker": {"at": "K7"}},
            "order": ["scout", "zz-lurker"], "next": "zz-lurker",
            "events": [{"creature": "zz-lurker", "type": "landing"},
                       {"creature": "scout", "by": "zz-lurker", "text": "Lurker Qwx at K7 hits"}],
            "note": "K70 is far from zz-lurker-free K7x"}
    said = seen.scrub(data)
    assert said["pieces"] == {"scout": {"at": "K7"}}  # a seen creature's bare cell stays
    assert said["order"] == ["scout"] and said["next"] == UNSEEN
    assert said["events"] == [{"creature": "scout", "by": UNSEEN,
                               "text": f"{UNSEEN} at {UNSEEN} hits"}]
    assert said["note"] == "K70 is far from zz-lurker-free K7x"  # only whole words


def test_a_side_sees_its_own_hidden_creature_and_not_the_others() -> None:
    game = Game.from_scenario_text(AMBUSH, seed=1)
    scenario = game.setup.scenario
    party = sight(scenario, game.state, "party")
    monsters = sight(scenario, game.state, "monsters")
    assert party.unseen == {"zz-lurker"} and not monsters.unseen
    assert sight(scenario, game.state, None).unseen == frozenset()
    assert party.own("scout") and not party.own("owl") and not party.own("zz-lurker")
    ids = [c.id for c in seen_scenario(scenario, party).battle.creatures]
    assert ids == ["scout", "ranger", "owl"]
    game.move(game.state.next_up or "", "")  # whoever is first holds
    kept = seen_entries(game.entries, party)
    assert all("zz-lurker" not in repr(entry.to_dict()) for entry in kept)
