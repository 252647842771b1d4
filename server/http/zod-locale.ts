import { z } from 'zod';

/** Validation messages that the schemas do not word themselves come out in Russian. */
z.config(z.locales.ru());
