package dev.polycube.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.math.BigInteger;
import org.junit.jupiter.api.Test;

class PluralTest {

    @Test
    void oneIsSaidInTheSingularAndEveryOtherCountInThePlural() {
        assertEquals("1 cell", Plural.count(1, "cell"));
        assertEquals("0 cells", Plural.count(0, "cell"));
        assertEquals("19,186 solutions", Plural.count(19_186, "solution"));
        assertEquals("1 entry", Plural.count(1, "entry", "entries"));
        assertEquals("2 entries", Plural.count(2, "entry", "entries"));
        assertEquals("5,051,532,105,000,000,000,000 packings", Plural.count(new BigInteger("5051532105000000000000"), "packing"));
    }

    /** The grouping commas are English whatever the user's locale (a German one would write 19.186). */
    @Test
    void theCountsGroupingIsTheSameInEveryLocale() {
        java.util.Locale before = java.util.Locale.getDefault();
        try {
            java.util.Locale.setDefault(java.util.Locale.GERMANY);
            assertEquals("19,186 solutions", Plural.count(19_186, "solution"));
        } finally {
            java.util.Locale.setDefault(before);
        }
    }
}
