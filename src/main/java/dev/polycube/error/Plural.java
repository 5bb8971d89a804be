package dev.polycube.error;

import java.math.BigInteger;

/**
 * A count and its noun, in the singular for one: "1 cell", "2 cells", "1 entry", "12,988,816 entries". Every
 * message that counts something says it through here, in every package, so that none says "1 solutions".
 */
public final class Plural {

    private Plural() {
    }

    /** "1 cell", "2 cells": a noun whose plural adds an s; the count with grouping commas. */
    public static String count(long n, String noun) {
        return count(BigInteger.valueOf(n), noun);
    }

    /** "1 entry", "2 entries": a noun whose plural is not its singular and an s. */
    public static String count(long n, String singular, String plural) {
        return String.format(java.util.Locale.ROOT, "%,d %s", n, n == 1 ? singular : plural);
    }

    /** As {@link #count(long, String)}, for counts of any size. */
    public static String count(BigInteger n, String noun) {
        return String.format(java.util.Locale.ROOT, "%,d %s%s", n, noun, n.equals(BigInteger.ONE) ? "" : "s");
    }
}
