"""The rule sets and house rules, one folder (or module) each.

Each rule set's folder holds its engine part (``rules.py``: the
:class:`~uno_tui.engine.ruleset.Variant` with its deck, tables and hooks) and names its
front-end part (``Variant.front_end``), which only the app imports. ``house/`` holds one
module per house rule and the presets. The engine's registry
(:mod:`uno_tui.engine.registry`) loads them all, and outside packages through the
``uno_tui.rulesets`` entry points, the same way.

The built-ins' front-end code still lives in ``uno_tui/app/`` (their prompts, widgets,
help pages); a rule set from outside brings its own through the front-end registry
(:mod:`uno_tui.app.frontends`).
"""
