package dev.polycube.checkpoint;

import dev.polycube.error.OptionException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Explicit work units: inclusive ranges {@code A-B} (or single units), sorted and disjoint, written
 * "0-99,250,300-310". Membership is a binary search over the range starts.
 */
public record UnitRanges(int[] from, int[] to) implements Part {

    /** The most ranges one part may list (a unit-list file of a well-cut plan has one or a few). */
    public static final int MAX_RANGES = 100_000;

    public UnitRanges {
        from = from.clone();
        to = to.clone();
    }

    /** Reads "A-B,C,D-E" (spaces, newlines and '#' comments allowed, as in a unit-list file). */
    public static UnitRanges parse(String text) {
        List<int[]> ranges = new ArrayList<>();
        for (String line : text.split("\n")) {
            int hash = line.indexOf('#');
            String body = (hash < 0 ? line : line.substring(0, hash)).strip();
            for (String item : body.split("[,\\s]+")) {
                if (!item.isEmpty()) {
                    ranges.add(range(item, text));
                }
            }
        }
        if (ranges.isEmpty() || ranges.size() > MAX_RANGES) {
            throw new OptionException("--units needs 1 to " + MAX_RANGES + " unit ranges such as 0-99 or 0-99,250; got '"
                    + abbreviate(text) + "'");
        }
        ranges.sort((a, b) -> Integer.compare(a[0], b[0]));
        for (int i = 1; i < ranges.size(); i++) {
            if (ranges.get(i)[0] <= ranges.get(i - 1)[1]) {
                throw new OptionException("--units: ranges " + ranges.get(i - 1)[0] + "-" + ranges.get(i - 1)[1] + " and "
                        + ranges.get(i)[0] + "-" + ranges.get(i)[1] + " overlap");
            }
        }
        return new UnitRanges(ranges.stream().mapToInt(r -> r[0]).toArray(), ranges.stream().mapToInt(r -> r[1]).toArray());
    }

    private static int[] range(String item, String text) {
        int dash = item.indexOf('-', 1);
        try {
            int a = Integer.parseInt(dash < 0 ? item : item.substring(0, dash));
            int b = dash < 0 ? a : Integer.parseInt(item.substring(dash + 1));
            if (a >= 0 && b >= a) {
                return new int[] {a, b};
            }
        } catch (NumberFormatException e) {
            // below
        }
        throw new OptionException("--units: '" + item + "' is not a unit number or a range A-B with 0 <= A <= B");
    }

    private static String abbreviate(String s) {
        return dev.polycube.error.UserException.abbreviate(s.strip().replace('\n', ' '));
    }

    @Override
    public boolean contains(int unit) {
        int i = Arrays.binarySearch(from, unit);
        if (i >= 0) {
            return true;
        }
        int before = -i - 2;
        return before >= 0 && unit <= to[before];
    }

    @Override
    public boolean isAll() {
        return false;
    }

    /** The highest unit listed. */
    public int last() {
        return to[to.length - 1];
    }

    public String ranges() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < from.length; i++) {
            sb.append(i == 0 ? "" : ",").append(from[i]).append(from[i] == to[i] ? "" : "-" + to[i]);
        }
        return sb.toString();
    }

    @Override
    public String spec() {
        return "units " + ranges();
    }

    @Override
    public String fileSuffix() {
        String r = ranges();
        return ".units-" + (r.length() <= 40 ? r.replace(',', '_') : Integer.toHexString(r.hashCode()));
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof UnitRanges u && Arrays.equals(from, u.from) && Arrays.equals(to, u.to);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(from) + Arrays.hashCode(to);
    }

    @Override
    public String toString() {
        return ranges();
    }
}
