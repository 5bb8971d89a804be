package dev.polycube.puzzle;

import dev.polycube.error.OptionException;
import java.util.Arrays;

/** Which packings count as the same solution. */
public enum SymmetryMode {
    /** Every packing in the fixed frame (copies of an identical piece still interchangeable). */
    FIXED("fixed"),
    /** Classes under the proper rotations that map the target onto itself. */
    ROTATIONS("rotations"),
    /** Classes when a mirror-image packing is identified too; needs a mirror-closed piece set. */
    ROTATIONS_AND_REFLECTIONS("rotations+reflections"),
    /**
     * BurrTools' rule (what {@code burrTxt} counts): rotations always identify; mirror images only when the
     * piece set passes its mirror test, and with count ranges only for the assemblies whose mirror image
     * is a valid assembly too. See {@link SymmetryGroup}.
     */
    BURRTOOLS("burrtools");

    private final String id;

    SymmetryMode(String id) {
        this.id = id;
    }

    /** The name used on the command line, in catalogs and in puzzle files. */
    public String id() {
        return id;
    }

    /** The rule whose id is exactly {@code id} (as puzzle files, catalogs and checkpoints write it), or null. */
    public static SymmetryMode byId(String id) {
        for (SymmetryMode m : values()) {
            if (m.id.equals(id)) {
                return m;
            }
        }
        return null;
    }

    /** As {@link #byId}, for saved files: an unknown id is an {@link IllegalArgumentException} naming the ids. */
    public static SymmetryMode byIdOrThrow(String id) {
        SymmetryMode rule = byId(id);
        if (rule == null) {
            throw new IllegalArgumentException("unknown symmetry '" + id + "'; one of " + ids());
        }
        return rule;
    }

    /** Every rule's id, in declaration order. */
    public static java.util.List<String> ids() {
        return Arrays.stream(values()).map(SymmetryMode::id).toList();
    }

    /** A rule as a user types it: an id or enum name in any case, or an alias; else an error listing the ids. */
    public static SymmetryMode parse(String text) {
        for (SymmetryMode m : values()) {
            if (m.id.equalsIgnoreCase(text) || m.name().equalsIgnoreCase(text)) {
                return m;
            }
        }
        if (text.equalsIgnoreCase("rotations-reflections") || text.equalsIgnoreCase("all")) {
            return ROTATIONS_AND_REFLECTIONS;
        }
        throw new OptionException("unknown symmetry '" + text + "'; use one of " + ids() + "." + NearestName.hint(text, ids()));
    }

    @Override
    public String toString() {
        return id;
    }
}
