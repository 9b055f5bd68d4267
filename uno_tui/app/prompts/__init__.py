"""Prompts, asked inline on the table: one registry maps each decision kind to its
prompter (``registry.PROMPTS``). ``turn`` holds the prompts of the decisions every
rule set shares (the turn machine's own); a rule set's own prompts come with its front end
(``uno_tui/rulesets/<name>/frontend/``)."""

from . import turn  # noqa: F401  (it registers its prompters)
from .host import PromptHost
from .panel import PromptPanel
from .question import PAGE, Option, Question
from .registry import PROMPTS, PromptContext, Prompter, prompter_for, register

__all__ = ["PromptHost", "PromptPanel", "Option", "Question", "PAGE", "PROMPTS", "PromptContext", "Prompter",
           "prompter_for", "register"]
