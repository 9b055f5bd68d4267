"""The rule sets and house rules, one folder (or module) each.

Each rule set's folder holds its engine part (``rules.py``: the
:class:`~uno_tui.engine.ruleset.Variant` with its deck, tables and hooks) and its
front-end part (``frontend/``: card labels and symbols, log lines, prompts, widgets, the
rules page), which it names in ``Variant.front_end`` and which only the app imports
(:mod:`uno_tui.app.frontends`). The engine part never imports the app. ``house/`` holds
one module per house rule and the presets. The engine's registry
(:mod:`uno_tui.engine.registry`) loads them all, and outside packages through the
``uno_tui.rulesets`` entry points, the same way.
"""
