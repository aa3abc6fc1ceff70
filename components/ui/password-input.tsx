"use client";

import { useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from "react";
import { Input, type InputProps } from "./input";
import { cn } from "./cn";

export const CAPS_LOCK_WARNING = "Attenzione: CAPS LOCK attivo";

export type PasswordInputProps = Omit<InputProps, "type">;

/**
 * Password input that warns 'Attenzione: CAPS LOCK attivo' while caps lock is
 * on (read from key and mouse events with getModifierState), plus a show/hide
 * toggle. Works with register() like Input.
 */
export function PasswordInput({ className, onKeyDown, onKeyUp, onMouseDown, onBlur, ...props }: PasswordInputProps) {
  const [capsLock, setCapsLock] = useState(false);
  const [visible, setVisible] = useState(false);

  const readCapsLock = (event: KeyboardEvent<HTMLInputElement> | MouseEvent<HTMLInputElement>) => {
    // getModifierState is missing on some synthetic/automation events.
    if (typeof event.getModifierState === "function") setCapsLock(event.getModifierState("CapsLock"));
  };

  return (
    <div className="flex flex-col gap-1">
      <div className="relative">
        <Input
          {...props}
          type={visible ? "text" : "password"}
          autoComplete={props.autoComplete ?? "current-password"}
          className={cn("pr-9", className)}
          onKeyDown={(e) => {
            readCapsLock(e);
            onKeyDown?.(e);
          }}
          onKeyUp={(e) => {
            readCapsLock(e);
            onKeyUp?.(e);
          }}
          onMouseDown={(e) => {
            readCapsLock(e);
            onMouseDown?.(e);
          }}
          onBlur={(e: FocusEvent<HTMLInputElement>) => {
            setCapsLock(false);
            onBlur?.(e);
          }}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? "Nascondi password" : "Mostra password"}
          aria-pressed={visible}
          title={visible ? "Nascondi password" : "Mostra password"}
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center text-gray-500 hover:text-primary-700 focus-visible:outline-2 focus-visible:outline-primary-500 rounded-r-md"
        >
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
            <path d="M1.5 10S4.5 4 10 4s8.5 6 8.5 6-3 6-8.5 6-8.5-6-8.5-6Z" />
            <circle cx="10" cy="10" r="2.5" />
            {visible && <path d="M3 17 17 3" strokeLinecap="round" />}
          </svg>
        </button>
      </div>
      {capsLock && (
        <p role="status" className="text-xs font-medium text-amber-700">
          {CAPS_LOCK_WARNING}
        </p>
      )}
    </div>
  );
}
