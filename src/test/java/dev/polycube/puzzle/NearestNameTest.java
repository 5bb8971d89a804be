package dev.polycube.puzzle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.polycube.error.OptionException;
import java.util.List;
import org.junit.jupiter.api.Test;

class NearestNameTest {

    @Test
    void aNameBegunOrATypoAwayIsSuggestedAndALetterOrTwoIsNot() {
        List<String> names = List.of("bedlam", "soma", "happy-cube-blue", "happy-cube-red");
        assertEquals("bedlam", NearestName.of("bedlm", names));
        assertEquals("bedlam", NearestName.of("BEDLAN", names));
        assertEquals("soma", NearestName.of("smoa", names)); // two letters swapped: one edit
        assertEquals("happy-cube-blue", NearestName.of("happy", names)); // begun: the first in order
        assertNull(NearestName.of("x", names));
        assertNull(NearestName.of("so", names)); // two letters from "soma": as far as it is long
        assertNull(NearestName.of("tetris", names));
        assertEquals("", NearestName.hint("tetris", names));
    }

    @Test
    void aMistypedRuleOrPieceIsAnsweredWithTheNearOne() {
        OptionException e = assertThrows(OptionException.class, () -> SymmetryMode.parse("rotation"));
        assertTrue(e.getMessage().endsWith("Did you mean 'rotations'?"), e.getMessage());
        PuzzleException p = assertThrows(PuzzleException.class, () -> PuzzleParser.parse(
                "box 2 1 1\npiece red1 0..1 (0,0,0) (1,0,0)\npiece blue1 0..1 (0,0,0) (1,0,0)\ngroup g 1 red1 blu1\n", "t.txt", "t"));
        assertTrue(p.getMessage().contains("group g names an unknown piece 'blu1'. Did you mean 'blue1'?"), p.getMessage());
    }
}
