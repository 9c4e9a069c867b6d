import { useEffect, useId, useState, type ReactNode } from 'react';
import { IMAGE_MIME_TYPES, MAX_IMAGE_BYTES, MESSAGES } from '@pulso/shared';
import { es } from '../../i18n/es';

interface ImageInputProps {
  label: ReactNode;
  /** The chosen file, or null when none is chosen (the current image, if any, stays). */
  value: File | null;
  onChange: (file: File | null) => void;
  /** The stored image's URL, shown until another file is chosen. */
  currentUrl?: string | null;
  /** A validation message from the form's rule (e.g. the image is required). */
  error?: string | null;
  required?: boolean;
  name?: string;
}

/**
 * A file input for jpg/jpeg/png images with a preview of the chosen (or stored) image. Files of the
 * wrong type or over the server's size limit are refused here with the server's own words.
 */
export function ImageInput({ label, value, onChange, currentUrl, error, required, name = 'image' }: ImageInputProps) {
  const id = useId();
  // The object URL of the file chosen here; a form that clears `value` hides it at once.
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const [ownError, setOwnError] = useState<string | null>(null);

  // Each object URL is released when another file replaces it or the input goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview.url);
    },
    [preview],
  );

  const previewUrl = value && preview?.file === value ? preview.url : null;
  const shown = previewUrl ?? currentUrl ?? null;
  const message = ownError ?? error ?? null;

  return (
    <div className={`field image-input${message ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="image-input__row">
        {/* The native input stays focusable and labelled; its browser-language button is replaced by a Spanish one. */}
        <input
          id={id}
          name={name}
          type="file"
          className="visually-hidden"
          accept={IMAGE_MIME_TYPES.join(',')}
          required={required && !currentUrl}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            if (file && !(IMAGE_MIME_TYPES as readonly string[]).includes(file.type)) {
              setOwnError(MESSAGES.lessonForm.imageType);
              event.target.value = '';
              onChange(null);
              return;
            }
            if (file && file.size > MAX_IMAGE_BYTES) {
              setOwnError(MESSAGES.api.imageTooLarge);
              event.target.value = '';
              onChange(null);
              return;
            }
            setOwnError(null);
            setPreview(file ? { file, url: URL.createObjectURL(file) } : null);
            onChange(file);
          }}
        />
        <label htmlFor={id} className="button button--small image-input__choose" aria-hidden="true">
          {es.common.chooseImage}
        </label>
        <span className="image-input__file" aria-hidden="true">
          {value ? value.name : currentUrl ? es.common.keepImage : es.common.noImageChosen}
        </span>
      </div>
      {message && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {message}
        </p>
      )}
      {shown && (
        <img
          className="image-input__preview"
          src={shown}
          alt={previewUrl ? es.common.imagePreview : es.common.currentImage}
          width={320}
          height={200}
        />
      )}
    </div>
  );
}
