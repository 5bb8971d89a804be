package dev.polycube.cli;

import dev.polycube.error.OptionException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * One value of an option whose values are a closed set (--view, --camera, --unique, --color, --sort): an enum per
 * option implements it, and the command line spells each constant in lower case. The enum is the one place the
 * values are listed: parsing, the error for a value it does not know, and Tab completion ({@link Candidates}) all
 * read it.
 */
interface OptionValue {

    /** The enum constant's name (an enum implements it). */
    String name();

    /** How the command line spells it. */
    default String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Every value of {@code type}, as the command line spells them, in declaration order. */
    static <E extends Enum<E> & OptionValue> List<String> ids(Class<E> type) {
        return Arrays.stream(type.getEnumConstants()).map(OptionValue::id).toList();
    }

    /**
     * The value of {@code type} that {@code option} was given as {@code text}.
     *
     * @throws OptionException naming the option, the text and the values it takes
     */
    static <E extends Enum<E> & OptionValue> E parse(Class<E> type, String option, String text) {
        for (E e : type.getEnumConstants()) {
            if (e.id().equals(text)) {
                return e;
            }
        }
        List<String> ids = ids(type);
        throw new OptionException(option + " takes " + String.join(", ", ids.subList(0, ids.size() - 1)) + " or "
                + ids.get(ids.size() - 1) + ", got '" + text + "'." + dev.polycube.puzzle.NearestName.hint(text, ids));
    }
}
