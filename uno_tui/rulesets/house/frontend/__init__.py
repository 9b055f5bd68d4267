"""The built-in house rules' front ends: one module each (named as the house rule's own
module), declaring ``FRONT_END`` (``app.frontends.FrontEnd``) with the rule's log lines,
banner moments, prompts and out-of-turn words. ``HouseRule.front_end`` names it; the
app finds it through ``app.frontends``, as it finds an outside package's."""
