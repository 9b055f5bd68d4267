"""The engine's own shuffle (a faster ``random.shuffle``) gives the same order and
leaves the generator in the same state, so seeded games deal as they always have."""

from __future__ import annotations

import random

from uno_tui.engine.game import shuffle


def test_the_engines_shuffle_is_random_shuffle():
    for seed in range(200):
        size = seed % 120
        ours, theirs = random.Random(seed), random.Random(seed)
        mine, expected = list(range(size)), list(range(size))
        shuffle(ours, mine)
        theirs.shuffle(expected)
        assert mine == expected
        assert ours.getstate() == theirs.getstate()


def test_a_generator_of_another_kind_shuffles_its_own_way():
    class Counting(random.Random):
        shuffles = 0

        def shuffle(self, x):
            Counting.shuffles += 1
            super().shuffle(x)

    shuffle(Counting(1), [1, 2, 3])
    assert Counting.shuffles == 1
