package dev.polycube.checkpoint;

import dev.polycube.error.OptionException;
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

    @Override
    public String toString() {
        return index + "/" + count;
    }
}
