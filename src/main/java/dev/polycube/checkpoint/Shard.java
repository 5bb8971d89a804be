package dev.polycube.checkpoint;

import dev.polycube.error.OptionException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Shard {@code index} of {@code count} (1-based): the work units u with {@code u % count == index - 1}.
 * The partition depends only on the unit list, so shards run anywhere merge into the single-run catalog.
 */
public record Shard(int index, int count) implements Part {

    public static final Shard ALL = new Shard(1, 1);

    public Shard {
        if (count < 1 || index < 1 || index > count) {
            throw new OptionException("shard must be K/N with 1 <= K <= N, got " + index + "/" + count);
        }
    }

    public static Shard parse(String text) {
        String[] t = text.split("/");
        try {
            if (t.length == 2) {
                return new Shard(Integer.parseInt(t[0].strip()), Integer.parseInt(t[1].strip()));
            }
        } catch (NumberFormatException e) {
            // fall through
        }
        throw new OptionException("--shard takes K/N, e.g. 2/8; got '" + text + "'");
    }

    @Override
    public boolean contains(int unit) {
        return unit % count == index - 1;
    }

    @Override
    public boolean isAll() {
        return count == 1;
    }

    @Override
    public String spec() {
        return isAll() ? "all" : "shard " + this;
    }

    @Override
    public String fileSuffix() {
        return isAll() ? "" : ".shard-" + index + "-of-" + count;
    }

    /** A file name as {@link #fileSuffix} makes a part's: {@code STEM.shard-K-of-N REST}. */
    private static final Pattern PART_NAME = Pattern.compile("(.*)\\.shard-\\d+-of-(\\d+)(\\..*)");

    /**
     * A part's file name taken apart: the whole run's file is {@code stem + rest}, and the parts of an
     * N-shard run match {@code stem.shard-*-of-N rest}.
     */
    public record PartName(String stem, String count, String rest) {

        /** The whole run's file name. */
        public String whole() {
            return stem + rest;
        }

        /** A shell pattern for every part of the same run. */
        public String everyPart() {
            return stem + ".shard-*-of-" + count + rest;
        }
    }

    /** The part's name in {@code fileName}, when it is one that {@link #fileSuffix} made. */
    public static Optional<PartName> partName(String fileName) {
        Matcher m = PART_NAME.matcher(fileName);
        return m.matches() ? Optional.of(new PartName(m.group(1), m.group(2), m.group(3))) : Optional.empty();
    }

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
