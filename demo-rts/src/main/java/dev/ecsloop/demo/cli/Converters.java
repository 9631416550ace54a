package dev.ecsloop.demo.cli;

import dev.ecsloop.demo.sim.GameConfig;
import dev.ecsloop.demo.sim.RateSetting;
import dev.ecsloop.demo.window.Screenshot;
import java.math.BigDecimal;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * picocli converters that check ranges as they parse, so every bad value is rejected by picocli with one line
 * naming the option ({@link OneLineErrors}) before anything is built.
 */
final class Converters {
    private Converters() {
    }

    static long whole(String text, long min, long max) {
        long v;
        try {
            v = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new TypeConversionException("'" + text + "' is not a whole number");
        }
        if (v < min || v > max) {
            throw new TypeConversionException("'" + text + "' must be from " + min + " to " + max);
        }
        return v;
    }

    static final class Units implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            return (int) whole(value, 2, GameConfig.MAX_UNITS);
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
            BigDecimal s;
            try {
                s = new BigDecimal(value);
            } catch (NumberFormatException e) {
                throw new TypeConversionException("'" + value + "' is not a number");
            }
            if (s.signum() <= 0 || s.compareTo(BigDecimal.valueOf(31_536_000)) > 0 || s.scale() > 9) {
                throw new TypeConversionException("'" + value + "' must be above 0 and at most 31536000 seconds");
            }
            return s.movePointRight(9).longValueExact();
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
