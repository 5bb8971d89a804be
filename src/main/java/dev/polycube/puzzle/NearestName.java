package dev.polycube.puzzle;

import java.util.List;
import java.util.Locale;

/**
 * The name a user most likely meant by one that matched nothing ("Did you mean 'bedlam'?"): a name begun ("happy" for
 * the happy-cube-*, at least three letters), else one a typo or two away (at most a third of the word's letters edited,
 * a swap of neighbours one edit). Never a guess at a letter or two: 'x' is as far from every name as it is long.
 */
public final class NearestName {

    private NearestName() {
    }

    /** The nearest of {@code names} (in their order on ties), compared without case, or null when none is near. */
    public static String of(String typed, List<String> names) {
        String n = typed.toLowerCase(Locale.ROOT);
        if (n.length() >= 3) {
            for (String s : names) {
                if (s.toLowerCase(Locale.ROOT).startsWith(n)) {
                    return s;
                }
            }
        }
        String best = null;
        int fewest = Integer.MAX_VALUE;
        for (String s : names) {
            int d = distance(n, s.toLowerCase(Locale.ROOT));
            if (d < fewest) {
                fewest = d;
                best = s;
            }
        }
        return best == null || fewest > Math.max(1, n.length() / 3) || fewest >= n.length() ? null : best;
    }

    /** The same, as the end of a message: {@code " Did you mean 'X'?"}, or nothing. */
    public static String hint(String typed, List<String> names) {
        String near = of(typed, names);
        return near == null ? "" : " Did you mean '" + near + "'?";
    }

    /** Edits from a to b: a letter inserted, dropped, changed, or two neighbours swapped ('slove' is one from 'solve'). */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i][j - 1] + 1, d[i - 1][j] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
