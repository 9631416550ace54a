package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.save.SaveAt;

import dev.ecsloop.console.ConsoleServer;
import dev.ecsloop.demo.sim.AiSides;
import dev.ecsloop.demo.sim.MatchSetup;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.window.Screenshot;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * picocli converters that check ranges as they parse, so every bad value is rejected by picocli with one line
 * naming the option ({@link OneLineErrors}) before anything is built.
 */
final class Converters {
    private Converters() {
    }

    /** ASCII digits only: Java's parsers also take other scripts' digits, which no one means on a command line. */
    private static final Pattern WHOLE = Pattern.compile("[+-]?[0-9]{1,30}");
    private static final Pattern DECIMAL = Pattern.compile("[+-]?[0-9]{1,30}(\\.[0-9]{1,30})?");

    static long whole(String text, long min, long max) {
        if (!WHOLE.matcher(text).matches()) {
            throw new TypeConversionException("'" + text + "' is not a whole number");
        }
        long v;
        try {
            v = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' must be from " + min + " to " + max);
        }
        if (v < min || v > max) {
            throw new TypeConversionException("'" + text + "' must be from " + min + " to " + max);
        }
        return v;
    }

    static final class Units implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 2, MatchSetup.MAX_UNITS);
        }
    }

    static final class Workers implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 1, 256);
        }
    }

    static final class Ai implements ITypeConverter<AiSides> {
        @Override
        public AiSides convert(String value) {
            try {
                return AiSides.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class Seed implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            return whole(value, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }

    static final class MapSize implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 16, 4096);
        }
    }

    static final class Fps implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 0, 1000);
        }
    }

    static final class Shot implements ITypeConverter<Screenshot> {
        @Override
        public Screenshot convert(String value) {
            try {
                return Screenshot.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class Save implements ITypeConverter<SaveAt> {
        @Override
        public SaveAt convert(String value) {
            try {
                return SaveAt.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    /** Simulated minutes as exact nanoseconds: a decimal from 0.01 to 1440 (a day). */
    static final class Minutes implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            if (!DECIMAL.matcher(value).matches()) {
                throw new TypeConversionException("'" + value + "' is not a decimal number (such as 90 or 2.5)");
            }
            BigDecimal m = new BigDecimal(value);
            if (m.compareTo(new BigDecimal("0.01")) < 0 || m.compareTo(BigDecimal.valueOf(1440)) > 0) {
                throw new TypeConversionException("'" + value + "' must be from 0.01 to 1440 minutes");
            }
            return m.multiply(BigDecimal.valueOf(60_000_000_000L)).setScale(0, java.math.RoundingMode.HALF_UP)
                    .longValueExact();
        }
    }

    static final class Port implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 1, 65535);
        }
    }

    /** Simulated seconds as exact nanoseconds: a decimal with at most 9 places, above 0, at most a year. */
    static final class Seconds implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            if (!DECIMAL.matcher(value).matches()) {
                throw new TypeConversionException("'" + value + "' is not a decimal number (such as 90 or 2.5)");
            }
            BigDecimal s = new BigDecimal(value);
            if (s.signum() <= 0 || s.compareTo(BigDecimal.valueOf(31_536_000)) > 0 || s.scale() > 9) {
                throw new TypeConversionException("'" + value + "' must be above 0 and at most 31536000 seconds");
            }
            return s.movePointRight(9).longValueExact();
        }
    }

    /** An instant of a replay to seek to: 0 or more seconds, at most a year, to the nanosecond. */
    static final class SeekSeconds implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            if (!DECIMAL.matcher(value).matches()) {
                throw new TypeConversionException("'" + value + "' is not a decimal number (such as 90 or 2.5)");
            }
            BigDecimal s = new BigDecimal(value);
            if (s.signum() < 0 || s.compareTo(BigDecimal.valueOf(31_536_000)) > 0 || s.scale() > 9) {
                throw new TypeConversionException("'" + value + "' must be 0 to 31536000 seconds");
            }
            return s.movePointRight(9).longValueExact();
        }
    }

    /** A keyframe budget in MB. */
    static final class KeyframeBudget implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 1, dev.ecsloop.replay.Keyframes.MAX_BUDGET_MB);
        }
    }

    /** A console token for TCP clients (see {@code ConsoleServer}): checked here so a bad one is a flag error. */
    static final class Token implements ITypeConverter<String> {
        @Override
        public String convert(String value) {
            if (!ConsoleServer.isValidToken(value)) {
                throw new TypeConversionException("a token is 16 to 128 of A-Z a-z 0-9 . _ ~ -");
            }
            return value;
        }
    }

    static final class Rate implements ITypeConverter<RateSetting> {
        @Override
        public RateSetting convert(String value) {
            try {
                return RateSetting.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }

    static final class Profile implements ITypeConverter<FrameProfile> {
        @Override
        public FrameProfile convert(String value) {
            try {
                return FrameProfile.parse(value);
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
    }
}
