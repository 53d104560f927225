export { Button, type ButtonState } from './Button';
